import { useCallback, useEffect, useState } from "react";
import { ApiError, NetworkError } from "../../lib/http.ts";
import { lastView, type LastView, portalSession } from "./session.ts";

export type PortalData<T> =
  | { kind: "loading" }
  | { kind: "live"; data: T }
  /** No signal: the last view kept on the device, as of `asOf`. */
  | { kind: "offline"; data: T; asOf: string }
  | { kind: "not-found" }
  | { kind: "signed-out" }
  | { kind: "failed" };

/** How often an open page asks again, so a visit's stage ("On the way") follows it: customers have no socket. */
export const PORTAL_REFRESH_MS = 60_000;

/**
 * Reads a part of the customer's page from the server and keeps it as the last view; with no signal, shows the last
 * view instead (saying as of when). A session the server no longer takes shows the sign-in form. While the page is
 * in front of the customer it reads again every minute and when they come back to it.
 */
export function usePortalData<T>(
  load: () => Promise<T>,
  fromView: (view: LastView) => T | null | undefined,
  keep: (email: string, data: T) => void,
) {
  const [state, setState] = useState<PortalData<T>>(() =>
    portalSession() ? { kind: "loading" } : { kind: "signed-out" },
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    const session = portalSession();
    if (!session) return;
    load().then(
      (data) => {
        if (cancelled) return;
        keep(session.email, data);
        setState({ kind: "live", data });
      },
      (error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiError && error.status === 401) return setState({ kind: "signed-out" });
        if (error instanceof ApiError && error.status === 404) return setState({ kind: "not-found" });
        const view = lastView(session.email);
        const kept = view ? fromView(view) : null;
        if (error instanceof NetworkError && view && kept) setState({ kind: "offline", data: kept, asOf: view.asOf });
        else setState({ kind: "failed" });
      },
    );
    return () => {
      cancelled = true;
    };
    // The loaders are the page's own, made once per render; `attempt` asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    const again = () => document.visibilityState === "visible" && reload();
    const timer = setInterval(again, PORTAL_REFRESH_MS);
    document.addEventListener("visibilitychange", again);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", again);
    };
  }, [reload]);
  const replace = useCallback((data: T) => setState({ kind: "live", data }), []);
  return { state, reload, replace };
}
