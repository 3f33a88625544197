import { Suspense } from "react";
import type { BusinessProfile } from "@contracts/settings/profile.ts";
import { STAFF_ROLES } from "@contracts/staff/staff.ts";
import { Route, Routes, useLocation } from "react-router-dom";
import { HydratesAsWritten } from "../lib/i18n/translator.ts";
import { Layout } from "./Layout.tsx";
import { PageHydrated } from "./PageHydrated.tsx";
import { AppStart, RequireAdmin } from "./RequireAdmin.tsx";
import { pages as P, STAFF_PATH } from "./routes.tsx";

const loading = <div className="page-loading" role="status" aria-live="polite" />;

/**
 * `profile`: the business profile the page's HTML was rendered with, which the first render must show too.
 * A staff address renders the staff shell (app/shell/, a chunk of its own with the staff routes) for anyone signed
 * in; every other address the public site, in its top bar, navigation and footer.
 */
export function App({ profile }: { profile?: BusinessProfile }) {
  const { pathname } = useLocation();
  if (STAFF_PATH.test(pathname))
    return (
      <RequireAdmin roles={STAFF_ROLES}>
        <Suspense fallback={loading}>
          <P.StaffShell profile={profile} />
        </Suspense>
      </RequireAdmin>
    );
  return (
    <Layout profile={profile}>
      <Suspense fallback={loading}>
        <HydratesAsWritten>
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
            <Route path="/estimates/:token" element={<P.Estimate />} />
            <Route path="/invoices/:token" element={<P.Invoice />} />
            <Route path="/portal" element={<P.Portal />} />
            <Route path="/portal/sign-in/:token" element={<P.PortalSignIn />} />
            <Route path="/portal/visits/:id" element={<P.PortalVisit />} />
            <Route path="/portal/rate/:token" element={<P.PortalRate />} />
            <Route path="/privacy" element={<P.Privacy />} />
            <Route path="/terms" element={<P.Terms />} />
            <Route path="/login" element={<P.Login />} />
            <Route path="/invite/:token" element={<P.Invite />} />
            <Route path="/app" element={<AppStart />} />
            <Route path="*" element={<P.NotFound />} />
          </Routes>
        </HydratesAsWritten>
      </Suspense>
    </Layout>
  );
}
