import { Suspense } from "react";
import type { BusinessProfile } from "@contracts/settings/profile.ts";
import { Route, Routes } from "react-router-dom";
import { Layout } from "./Layout.tsx";
import { PageHydrated } from "./PageHydrated.tsx";
import { RequireAdmin } from "./RequireAdmin.tsx";
import { pages as P } from "./routes.tsx";

/** `profile`: the business profile the page's HTML was rendered with, which the first render must show too. */
export function App({ profile }: { profile?: BusinessProfile }) {
  return (
    <Layout profile={profile}>
      <Suspense fallback={<div className="page-loading" role="status" aria-live="polite" />}>
        <PageHydrated />
        <Routes>
          <Route path="/" element={<P.Home />} />
          <Route path="/about" element={<P.About />} />
          <Route path="/services" element={<P.Services />} />
          <Route path="/services/:serviceId" element={<P.ServiceDetail />} />
          <Route path="/gallery" element={<P.Gallery />} />
          <Route path="/contact" element={<P.Contact />} />
          <Route path="/booking" element={<P.Booking />} />
          <Route path="/booking/:serviceId" element={<P.Booking />} />
          <Route path="/thank-you" element={<P.ThankYou />} />
          <Route path="/booking/manage/:token" element={<P.ManageBooking />} />
          <Route path="/unsubscribe/:token" element={<P.Unsubscribe />} />
          <Route path="/privacy" element={<P.Privacy />} />
          <Route path="/terms" element={<P.Terms />} />
          <Route path="/login" element={<P.Login />} />
          <Route path="/invite/:token" element={<P.Invite />} />
          <Route
            path="/dashboard"
            element={
              <RequireAdmin>
                <P.Dashboard />
              </RequireAdmin>
            }
          />
          <Route
            path="/jobs"
            element={
              <RequireAdmin roles={["technician"]}>
                <P.Jobs />
              </RequireAdmin>
            }
          />
          <Route
            path="/jobs/:id"
            element={
              <RequireAdmin roles={["technician"]}>
                <P.Job />
              </RequireAdmin>
            }
          />
          <Route
            path="/dashboard/settings"
            element={
              <RequireAdmin>
                <P.Settings />
              </RequireAdmin>
            }
          />
          <Route
            path="/dashboard/reports"
            element={
              <RequireAdmin>
                <P.Reports />
              </RequireAdmin>
            }
          />
          <Route
            path="/admin/bookings/edit/:id"
            element={
              <RequireAdmin>
                <P.EditBooking />
              </RequireAdmin>
            }
          />
          <Route path="*" element={<P.NotFound />} />
        </Routes>
      </Suspense>
    </Layout>
  );
}
