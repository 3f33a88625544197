import { lazy } from "react";

/** A screen whose code is not kept on the device, opened without a connection. */
const offline = () => import("./NeedsConnection.tsx");

/** Every screen is its own chunk, so the public first load carries no admin code. */
export const pages = {
  Home: lazy(() => import("../features/home/HomePage.tsx")),
  About: lazy(() => import("../features/about/AboutPage.tsx")),
  Services: lazy(() => import("../features/services/ServicesPage.tsx")),
  ServiceDetail: lazy(() => import("../features/services/ServiceDetailPage.tsx")),
  Gallery: lazy(() => import("../features/gallery/GalleryPage.tsx")),
  Contact: lazy(() => import("../features/contact/ContactPage.tsx")),
  Booking: lazy(() => import("../features/book/BookingPage.tsx")),
  ThankYou: lazy(() => import("../features/book/ThankYouPage.tsx")),
  // Not precached (vite.config.ts), like Reports below: they need the server; offline they say so.
  ManageBooking: lazy(() => import("../features/manage/ManageBookingPage.tsx").catch(offline)),
  Unsubscribe: lazy(() => import("../features/unsubscribe/UnsubscribePage.tsx").catch(offline)),
  Privacy: lazy(() => import("../features/legal/PrivacyPage.tsx")),
  Terms: lazy(() => import("../features/legal/TermsPage.tsx")),
  Login: lazy(() => import("../features/auth/LoginPage.tsx")),
  Invite: lazy(() => import("../features/auth/InvitePage.tsx").catch(offline)),
  Dashboard: lazy(() => import("./dashboard/DashboardPage.tsx")),
  Jobs: lazy(() => import("../features/jobs/JobsPage.tsx")),
  Job: lazy(() => import("../features/jobs/JobPage.tsx")),
  Settings: lazy(() => import("../features/settings/SettingsPage.tsx")),
  // Not precached (vite.config.ts): offline, its chunk cannot load, and the screen says it needs a connection.
  Reports: lazy(() => import("../features/reports/ReportsPage.tsx").catch(offline)),
  EditBooking: lazy(() => import("../features/bookings/edit/EditBookingPage.tsx")),
  NotFound: lazy(() => import("../features/not-found/NotFoundPage.tsx")),
};
