// A relative path: vite.config.ts imports this module before its aliases exist.
import { SERVICE_KEYS } from "../../../api/contracts/services/catalog.ts";

/**
 * A public page: where its HTML goes, the page module its lazy route loads, the API reads it starts with, and
 * whether it is rendered into that HTML at build time.
 */
export interface PublicPage {
  path: string;
  page: string;
  data?: string[];
  prerender?: false;
}

// The routes of App.tsx a visitor lands on, for the build (vite.config.ts) and the tests of what the pages show.
// Every other address (admin pages, unknown ones) gets shell.html.
export const PUBLIC_PAGES: PublicPage[] = [
  { path: "/", page: "src/features/home/HomePage.tsx" },
  { path: "/about", page: "src/features/about/AboutPage.tsx" },
  { path: "/services", page: "src/features/services/ServicesPage.tsx" },
  ...SERVICE_KEYS.map((key) => ({
    path: `/services/${key}`,
    page: "src/features/services/ServiceDetailPage.tsx",
    data: [`/api/services/${key}`],
  })),
  { path: "/gallery", page: "src/features/gallery/GalleryPage.tsx" },
  { path: "/contact", page: "src/features/contact/ContactPage.tsx" },
  { path: "/booking", page: "src/features/book/BookingPage.tsx" },
  // Their "Last updated" is the visitor's today, which a build cannot know: rendered in the browser.
  { path: "/privacy", page: "src/features/legal/PrivacyPage.tsx", prerender: false },
  { path: "/terms", page: "src/features/legal/TermsPage.tsx", prerender: false },
];

/**
 * The page module of each document page the server renders per request (DOCUMENT_PAGES in
 * api/http/document-pages.ts): the build writes each one's HTML template (`documents/<template>.html`).
 */
export const DOCUMENT_PAGE_MODULES: Record<"estimate" | "invoice" | "portal" | "portal-visit", string> = {
  estimate: "src/features/estimate/EstimatePage.tsx",
  invoice: "src/features/invoice/InvoicePage.tsx",
  portal: "src/features/portal/PortalPage.tsx",
  "portal-visit": "src/features/portal/VisitPage.tsx",
};
