import { lazy } from "react";

/** A screen whose code is not kept on the device, opened without a connection. */
export const offline = () => import("./NeedsConnection.tsx");

/** The staff app's addresses: /dashboard..., /jobs..., /admin... (and any later staff route under them). */
export const STAFF_PATH = /^\/(dashboard|jobs|admin|account)(\/|$)/i;

/** The staff screens' chrome and routes: loaded with the first staff screen, never by a public page. */
export const loadStaffShell = () => import("./shell/StaffShell.tsx");

/** Every public screen is its own chunk; the staff screens are the staff shell's (shell/staffPages.ts). */
export const pages = {
  Home: lazy(() => import("../features/home/HomePage.tsx")),
  About: lazy(() => import("../features/about/AboutPage.tsx")),
  Services: lazy(() => import("../features/services/ServicesPage.tsx")),
  ServiceDetail: lazy(() => import("../features/services/ServiceDetailPage.tsx")),
  Gallery: lazy(() => import("../features/gallery/GalleryPage.tsx")),
  Contact: lazy(() => import("../features/contact/ContactPage.tsx")),
  Booking: lazy(() => import("../features/book/BookingPage.tsx")),
  ThankYou: lazy(() => import("../features/book/ThankYouPage.tsx")),
  // Not precached (vite.config.ts), like Reports: they need the server; offline they say so.
  ManageBooking: lazy(() => import("../features/manage/ManageBookingPage.tsx").catch(offline)),
  Unsubscribe: lazy(() => import("../features/unsubscribe/UnsubscribePage.tsx").catch(offline)),
  // Opened from its link, the server sends the estimate with the page: no read to start early.
  Estimate: lazy(() => import("../features/estimate/EstimatePage.tsx").catch(offline)),
  Invoice: lazy(() => import("../features/invoice/InvoicePage.tsx").catch(offline)),
  // The customer's own page and a visit's report: precached, so their last view opens with no signal. Its sign-in
  // and rating links need the server.
  Portal: lazy(() => import("../features/portal/PortalPage.tsx")),
  PortalSignIn: lazy(() => import("../features/portal/SignInLinkPage.tsx").catch(offline)),
  PortalVisit: lazy(() => import("../features/portal/VisitPage.tsx")),
  PortalRate: lazy(() => import("../features/portal/RatePage.tsx").catch(offline)),
  Privacy: lazy(() => import("../features/legal/PrivacyPage.tsx")),
  Terms: lazy(() => import("../features/legal/TermsPage.tsx")),
  Login: lazy(() => import("../features/auth/LoginPage.tsx")),
  Invite: lazy(() => import("../features/auth/InvitePage.tsx").catch(offline)),
  NotFound: lazy(() => import("../features/not-found/NotFoundPage.tsx")),
  // Ready once the first screen's code has come too: its route then renders without suspending (StaffRoutes.tsx).
  StaffShell: lazy(() => loadStaffShell().then(async (shell) => (await shell.firstScreenReady(), shell))),
};
