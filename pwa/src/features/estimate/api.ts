import type { EstimatePublicView } from "@contracts/estimates/estimate.ts";
import { request } from "../../lib/http.ts";

// The link's token is the customer's only credential: no session. These calls go straight to the server (never
// through the device queue): an approval must meet the estimate as it is now (not expired, not declined meanwhile).

const base = (token: string) => `/api/estimates/by-token/${encodeURIComponent(token)}`;

/** Accepts the view as it is, or inside `{ data }`. */
const unwrap = (body: unknown): EstimatePublicView =>
  (body && typeof body === "object" && "data" in body
    ? (body as { data: EstimatePublicView }).data
    : body) as EstimatePublicView;

export const fetchEstimateView = async (token: string) => unwrap(await request<unknown>(base(token)));

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
