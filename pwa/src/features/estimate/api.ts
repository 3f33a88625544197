import type { EstimatePublicView } from "@contracts/estimates/estimate.ts";
import { estimateViewPath } from "@contracts/common/page-data.ts";
import { request } from "../../lib/http.ts";

// The link's token is the customer's only credential: no session. These calls go straight to the server (never
// through the device queue): an approval must meet the estimate as it is now (not expired, not declined meanwhile).

const base = estimateViewPath;

/** Accepts the view as it is, or inside `{ data }`. */
const unwrap = (body: unknown): EstimatePublicView =>
  (body && typeof body === "object" && "data" in body
    ? (body as { data: EstimatePublicView }).data
    : body) as EstimatePublicView;

const read = async (token: string) => unwrap(await request<unknown>(base(token)));

/** A read started before the page's code arrived (readEstimateEarly), taken once by the page. */
const early = new Map<string, Promise<EstimatePublicView>>();

/**
 * Starts reading the estimate of the address being opened while the page's code is still on its way, so the
 * customer on a slow phone network waits one round trip less.
 */
export function readEstimateEarly(pathname: string): void {
  const token = /^\/estimates\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (!token) return;
  const decoded = decodeURIComponent(token);
  const reading = read(decoded);
  // Unused (the page failed to load), its failure must not be reported as unhandled.
  reading.catch(() => undefined);
  early.set(decoded, reading);
}

export function fetchEstimateView(token: string): Promise<EstimatePublicView> {
  const started = early.get(token);
  early.delete(token);
  return started ?? read(token);
}

export const pdfUrl = (token: string) => `${base(token)}/pdf`;

export async function approveEstimate(
  token: string,
  body: { optionId: string; signedBy: string; signature?: string },
): Promise<void> {
  await request(`${base(token)}/approve`, { method: "POST", body });
}

export async function declineEstimate(token: string, reason: string): Promise<void> {
  await request(`${base(token)}/decline`, { method: "POST", body: reason ? { reason } : {} });
}
