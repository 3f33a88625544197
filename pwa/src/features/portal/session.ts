import type { PortalEstimates, PortalInvoices } from "@contracts/portal/money.ts";
import type { CustomerSessionResponse, PortalVisitDetails, PortalVisits } from "@contracts/portal/portal.ts";

// The customer's session is a cookie the page's script never sees (the server sets and clears it). What the device
// keeps, apart from the staff session (lib/session.ts), is who signed in and until when, to open the last view of
// their page with no signal; signing one out leaves the other.
const SESSION_KEY = "clearflow.portal.session";
const VIEW_KEY = "clearflow.portal.view";

export type PortalSession = CustomerSessionResponse;

const read = <T>(key: string): T | null => {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
};

/**
 * Who is signed in on this device as the server last said, or null when no one is or it has expired. A session kept
 * by the page before the cookie (with its token in it) no longer opens anything on the server: it is forgotten.
 */
export function portalSession(now: Date = new Date()): PortalSession | null {
  const session = read<PortalSession & { token?: unknown }>(SESSION_KEY);
  if (!session || typeof session.email !== "string") return null;
  if ("token" in session) {
    forgetPortal();
    return null;
  }
  return Date.parse(session.expiresAt) > now.getTime() ? session : null;
}

export function savePortalSession({ email, expiresAt }: PortalSession): void {
  try {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ email, expiresAt }));
  } catch {
    // A full storage: the page still works online, the cookie is the session.
  }
}

/** Signing out (or a session the server no longer takes) forgets the session and what was seen with it. */
export function forgetPortal(): void {
  localStorage.removeItem(SESSION_KEY);
  localStorage.removeItem(VIEW_KEY);
  void globalThis.caches?.delete(PHOTO_CACHE).catch(() => undefined);
}

/** The photos of the customer's reports, kept for reading offline. */
export const PHOTO_CACHE = "clearflow-portal-photos";

/** What the customer last saw of their page, and when: shown as it was when there is no signal. */
export interface LastView {
  email: string;
  /** ISO instant of the last answer from the server. */
  asOf: string;
  visits: PortalVisits | null;
  /** Kept with the visits (absent in a view kept before they were shown). */
  estimates?: PortalEstimates | null;
  invoices?: PortalInvoices | null;
  details: Record<string, PortalVisitDetails>;
}

/** What the page's home shows: the visits, and the estimates and invoices read with them. */
export interface PortalHomeView {
  visits: PortalVisits;
  estimates: PortalEstimates;
  invoices: PortalInvoices;
}

const NO_ESTIMATES: PortalEstimates = { toApprove: [], approved: [] };
const NO_INVOICES: PortalInvoices = { open: [], paid: [] };

/** The home as last seen, or null when the visits were never seen on this device. */
export function homeOf(view: LastView): PortalHomeView | null {
  if (!view.visits) return null;
  return { visits: view.visits, estimates: view.estimates ?? NO_ESTIMATES, invoices: view.invoices ?? NO_INVOICES };
}

export function lastView(email: string): LastView | null {
  const view = read<LastView>(VIEW_KEY);
  return view && view.email === email ? view : null;
}

/** Keeps a fresh answer as the last view (the visits with the estimates and invoices, or one visit's details). */
export function keepView(
  email: string,
  part: (Partial<PortalHomeView> & { visits: PortalVisits }) | { visit: PortalVisitDetails },
  now: Date,
) {
  const view = lastView(email) ?? { email, asOf: now.toISOString(), visits: null, details: {} };
  const next: LastView =
    "visits" in part
      ? { ...view, ...part, asOf: now.toISOString() }
      : { ...view, asOf: now.toISOString(), details: { ...view.details, [part.visit._id]: part.visit } };
  try {
    localStorage.setItem(VIEW_KEY, JSON.stringify(next));
  } catch {
    // A full storage keeps the older view: the page still works online.
  }
}
