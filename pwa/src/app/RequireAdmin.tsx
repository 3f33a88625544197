import { useEffect, type ReactNode } from "react";
import { Navigate, useNavigate } from "react-router-dom";
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
    clearSession();
    return <Navigate to="/login" replace />;
  }
  return <>{children}</>;
}
