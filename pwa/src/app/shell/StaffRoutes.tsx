import { lazy, type ReactNode } from "react";
import type { StaffRole } from "@contracts/staff/staff.ts";
import { Route, Routes } from "react-router-dom";
import { RequireAdmin } from "../RequireAdmin.tsx";
import { offline, pages } from "../routes.tsx";

/** Every staff screen is its own chunk, loaded inside the shell. */
const P = {
  Dashboard: lazy(() => import("../dashboard/DashboardPage.tsx")),
  Bookings: lazy(() => import("../dashboard/BookingsPage.tsx")),
  Schedule: lazy(() => import("../dashboard/SchedulePage.tsx")),
  // Not precached either (vite.config.ts): the customers' screens and Messages read the server for every row.
  Customers: lazy(() => import("../../features/customers/CustomersPage.tsx").catch(offline)),
  Customer: lazy(() => import("../../features/customers/CustomerPage.tsx").catch(offline)),
  Messages: lazy(() => import("../dashboard/MessagesPage.tsx").catch(offline)),
  Services: lazy(() => import("../dashboard/ServicesPage.tsx")),
  Staff: lazy(() => import("../dashboard/StaffPage.tsx")),
  Jobs: lazy(() => import("../../features/jobs/JobsPage.tsx")),
  Job: lazy(() => import("../../features/jobs/JobPage.tsx")),
  Settings: lazy(() => import("../../features/settings/SettingsPage.tsx")),
  PriceBook: lazy(() => import("../../features/price-book/PriceBookPage.tsx")),
  // Not precached (vite.config.ts): offline, its chunk cannot load, and the screen says it needs a connection.
  Reports: lazy(() => import("../../features/reports/ReportsPage.tsx").catch(offline)),
  EditBooking: lazy(() => import("../../features/bookings/edit/EditBookingPage.tsx")),
  // Not precached (vite.config.ts): setting up a factor and ending sessions need the server.
  TwoStep: lazy(() => import("../../features/account/TwoStepPage.tsx").catch(offline)),
  Devices: lazy(() => import("../../features/account/DevicesPage.tsx").catch(offline)),
  // Not precached: adding a passkey needs the server, and no one manages them offline.
  Passkeys: lazy(() => import("../../features/passkeys/PasskeysPage.tsx").catch(offline)),
};

/** One's own sign-in: every role's. */
const EVERYONE = ["owner", "admin", "technician"] as const;

/** A staff screen for `roles` (the office's by default): a technician who opens an office screen lands on their jobs. */
const staff = (page: ReactNode, roles?: readonly StaffRole[]) => <RequireAdmin roles={roles}>{page}</RequireAdmin>;

/** The staff app's screens; a new staff screen is a route here (under /dashboard, /jobs or /admin). */
export function StaffRoutes() {
  return (
    <Routes>
      <Route path="/dashboard" element={staff(<P.Dashboard />)} />
      <Route path="/dashboard/bookings" element={staff(<P.Bookings />)} />
      <Route path="/dashboard/schedule" element={staff(<P.Schedule />)} />
      <Route path="/dashboard/customers" element={staff(<P.Customers />)} />
      <Route path="/dashboard/customers/:id" element={staff(<P.Customer />)} />
      <Route path="/dashboard/messages" element={staff(<P.Messages />)} />
      <Route path="/dashboard/services" element={staff(<P.Services />)} />
      <Route path="/dashboard/staff" element={staff(<P.Staff />)} />
      <Route path="/dashboard/settings" element={staff(<P.Settings />)} />
      <Route path="/dashboard/reports" element={staff(<P.Reports />)} />
      <Route path="/dashboard/price-book" element={staff(<P.PriceBook />)} />
      <Route path="/admin/bookings/edit/:id" element={staff(<P.EditBooking />)} />
      <Route path="/account/two-step" element={staff(<P.TwoStep />, EVERYONE)} />
      <Route path="/account/devices" element={staff(<P.Devices />, EVERYONE)} />
      <Route path="/dashboard/account/passkeys" element={staff(<P.Passkeys />, EVERYONE)} />
      <Route path="/jobs" element={staff(<P.Jobs />, ["technician"])} />
      <Route path="/jobs/:id" element={staff(<P.Job />, ["technician"])} />
      <Route path="*" element={<pages.NotFound />} />
    </Routes>
  );
}
