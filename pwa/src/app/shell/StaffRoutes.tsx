import { lazy, type ReactNode } from "react";
import type { StaffRole } from "@contracts/staff/staff.ts";
import { Route, Routes } from "react-router-dom";
import { RequireAdmin } from "../RequireAdmin.tsx";
import { offline, pages } from "../routes.tsx";

/** Every staff screen is its own chunk, loaded inside the shell. */
const P = {
  Dashboard: lazy(() => import("../dashboard/DashboardPage.tsx")),
  Jobs: lazy(() => import("../../features/jobs/JobsPage.tsx")),
  Job: lazy(() => import("../../features/jobs/JobPage.tsx")),
  Settings: lazy(() => import("../../features/settings/SettingsPage.tsx")),
  PriceBook: lazy(() => import("../../features/price-book/PriceBookPage.tsx")),
  // Not precached (vite.config.ts): offline, its chunk cannot load, and the screen says it needs a connection.
  Reports: lazy(() => import("../../features/reports/ReportsPage.tsx").catch(offline)),
  EditBooking: lazy(() => import("../../features/bookings/edit/EditBookingPage.tsx")),
};

/** A staff screen for `roles` (the office's by default): a technician who opens an office screen lands on their jobs. */
const staff = (page: ReactNode, roles?: readonly StaffRole[]) => <RequireAdmin roles={roles}>{page}</RequireAdmin>;

/** The staff app's screens; a new staff screen is a route here (under /dashboard, /jobs or /admin). */
export function StaffRoutes() {
  return (
    <Routes>
      <Route path="/dashboard" element={staff(<P.Dashboard />)} />
      <Route path="/dashboard/settings" element={staff(<P.Settings />)} />
      <Route path="/dashboard/reports" element={staff(<P.Reports />)} />
      <Route path="/dashboard/price-book" element={staff(<P.PriceBook />)} />
      <Route path="/admin/bookings/edit/:id" element={staff(<P.EditBooking />)} />
      <Route path="/jobs" element={staff(<P.Jobs />, ["technician"])} />
      <Route path="/jobs/:id" element={staff(<P.Job />, ["technician"])} />
      <Route path="*" element={<pages.NotFound />} />
    </Routes>
  );
}
