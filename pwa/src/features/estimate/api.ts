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

/**
 * The estimate as the customer sees it. Opened from its link, the server sends it with the page (decision 0058), so
 * this is the read after a decision, or of a page the app itself opened.
 */
export const fetchEstimateView = async (token: string): Promise<EstimatePublicView> =>
  unwrap(await request<unknown>(base(token)));

export const pdfUrl = (token: string) => `${base(token)}/pdf`;

/**
 * Approves an option; when it asks a deposit and the business takes payments online, the answer is the deposit's
 * Checkout page instead (the approval is recorded once the deposit is paid).
 */
export async function approveEstimate(
  token: string,
  body: { optionId: string; signedBy: string; signature?: string },
): Promise<{ checkoutUrl?: string }> {
  const answer = await request<unknown>(`${base(token)}/approve`, { method: "POST", body });
  const checkoutUrl =
    answer && typeof answer === "object" && "checkoutUrl" in answer ? String(answer.checkoutUrl) : undefined;
  return checkoutUrl ? { checkoutUrl } : {};
}

export async function declineEstimate(token: string, reason: string): Promise<void> {
  await request(`${base(token)}/decline`, { method: "POST", body: reason ? { reason } : {} });
}
