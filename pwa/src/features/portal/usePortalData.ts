import { useCallback, useEffect, useRef, useState } from "react";
import { PORTAL_HOME_PATHS, PORTAL_SESSION_PATH } from "@contracts/portal/portal.ts";
import { showCustomerLocale } from "../../lib/i18n/locale.ts";
import { ApiError, NetworkError } from "../../lib/http.ts";
import { usePageData } from "../../lib/pageData.tsx";
import { fetchLanguage } from "./api.ts";
import { lastView, type LastView, type PortalSession, portalSession, savePortalSession } from "./session.ts";

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
 * A signed-in customer's page the browser rendered itself (right after the sign-in link, or from the offline shell)
 * is shown in the language on their record, as the server writes it, unless this device chose one.
 */
export function useCustomerLanguage(signedIn: boolean): void {
  const served = usePageData(PORTAL_HOME_PATHS.language) !== undefined;
  useEffect(() => {
    if (signedIn && !served)
      fetchLanguage().then(
        ({ locale }) => showCustomerLocale(locale),
        () => undefined,
      );
  }, [signedIn, served]);
}

/**
 * Who is signed in: as the server said with the page it rendered, else as this device last heard (its sign-in, or a
 * page the server rendered before), which opens the last view with no signal.
 */
export function usePortalSession(): PortalSession | null {
  const served = usePageData<PortalSession>(PORTAL_SESSION_PATH);
  const [session] = useState(() => served ?? portalSession());
  useEffect(() => {
    if (served) savePortalSession(served);
  }, [served]);
  return session;
}

/**
 * Reads a part of the customer's page from the server and keeps it as the last view; with no signal, shows the last
 * view instead (saying as of when). A session the server no longer takes shows the sign-in form. While the page is
 * in front of the customer it reads again every minute and when they come back to it. `initial`: what the server
 * rendered the page with (usePageData): shown at once and kept, without reading it again.
 */
export function usePortalData<T>(
  session: PortalSession | null,
  load: () => Promise<T>,
  fromView: (view: LastView) => T | null | undefined,
  keep: (email: string, data: T) => void,
  initial?: T,
) {
  const [state, setState] = useState<PortalData<T>>(() =>
    !session ? { kind: "signed-out" } : initial !== undefined ? { kind: "live", data: initial } : { kind: "loading" },
  );
  const [attempt, setAttempt] = useState(0);
  const given = useRef(initial);
  useEffect(() => {
    let cancelled = false;
    if (!session) return;
    // The first round of a page the server rendered: its answers are kept for offline, not read again.
    if (attempt === 0 && given.current !== undefined) return keep(session.email, given.current);
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
