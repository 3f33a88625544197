import { lazy } from "react";

/** Every screen is its own chunk, so the public first load carries no admin code. */
export const pages = {
  Home: lazy(() => import("../features/home/HomePage.tsx")),
  About: lazy(() => import("../features/about/AboutPage.tsx")),
  Services: lazy(() => import("../features/services/ServicesPage.tsx")),
  ServiceDetail: lazy(() => import("../features/services/ServiceDetailPage.tsx")),
  Gallery: lazy(() => import("../features/gallery/GalleryPage.tsx")),
  Contact: lazy(() => import("../features/contact/ContactPage.tsx")),
  Booking: lazy(() => import("../features/booking/BookingPage.tsx")),
  ThankYou: lazy(() => import("../features/booking/ThankYouPage.tsx")),
  ManageBooking: lazy(() => import("../features/manage/ManageBookingPage.tsx")),
  Unsubscribe: lazy(() => import("../features/unsubscribe/UnsubscribePage.tsx")),
  Privacy: lazy(() => import("../features/legal/PrivacyPage.tsx")),
  Terms: lazy(() => import("../features/legal/TermsPage.tsx")),
  Login: lazy(() => import("../features/auth/LoginPage.tsx")),
  Invite: lazy(() => import("../features/auth/InvitePage.tsx")),
  Dashboard: lazy(() => import("./dashboard/DashboardPage.tsx")),
  Jobs: lazy(() => import("./jobs/JobsPage.tsx")),
  Job: lazy(() => import("../features/jobs/JobPage.tsx")),
  Settings: lazy(() => import("../features/settings/SettingsPage.tsx")),
  // Not precached (vite.config.ts): offline, its chunk cannot load, and the screen says it needs a connection.
  Reports: lazy(() => import("../features/reports/ReportsPage.tsx").catch(() => import("./NeedsConnection.tsx"))),
  EditBooking: lazy(() => import("../features/bookings/edit/EditBookingPage.tsx")),
  NotFound: lazy(() => import("../features/not-found/NotFoundPage.tsx")),
};
