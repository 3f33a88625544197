import { useEffect, type ReactNode } from "react";
import { Navigate, useNavigate } from "react-router-dom";
import { forgetCustomerData } from "../lib/forgetCustomerData.ts";
import { SESSION_EXPIRED_EVENT } from "../lib/http.ts";
import { clearSession, hasValidSession } from "../lib/session.ts";

/** Admin routes need a stored, unexpired token; a 401 from any admin call sends the person back to /login. */
export function RequireAdmin({ children }: { children: ReactNode }) {
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
  return <>{children}</>;
}
