import { useEffect, type ReactNode } from "react";
import { Navigate, useNavigate } from "react-router-dom";
import { forgetCustomerData } from "../lib/forgetCustomerData.ts";
import { SESSION_EXPIRED_EVENT } from "../lib/http.ts";
import { ADMIN_ROLES, type StaffRole } from "@contracts/staff/staff.ts";
import { clearSession, getUser, hasValidSession, homeOf } from "../lib/session.ts";

/**
 * Staff routes need a stored, unexpired token, and a role the route is for (the office's by default): a technician
 * who opens an admin screen lands on their jobs. A 401 from any staff call sends the person back to /login. The
 * server refuses the calls whatever the screen shows (403).
 */
export function RequireAdmin({ children, roles = ADMIN_ROLES }: { children: ReactNode; roles?: readonly StaffRole[] }) {
  const navigate = useNavigate();
  useEffect(() => {
    const onExpired = () => navigate("/login", { replace: true });
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, [navigate]);
  if (!hasValidSession()) {
    // An expired token may not read the offline copy either, even with no network to log in again (decision 0021).
    // Both are idempotent, so a repeated render does no harm.
    clearSession();
    forgetCustomerData();
    return <Navigate to="/login" replace />;
  }
  const user = getUser();
  if (!user || !roles.includes(user.role)) return <Navigate to={homeOf(user)} replace />;
  return <>{children}</>;
}

/**
 * The installed app's start (the manifest's start_url, /app): staff open on their own screen, everyone else (a
 * customer who installed the site to book) on the home page.
 */
export function AppStart() {
  return <Navigate to={hasValidSession() ? homeOf(getUser()) : "/"} replace />;
}
