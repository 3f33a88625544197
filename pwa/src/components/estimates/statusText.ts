import type { EstimateStatus } from "@contracts/estimates/estimate.ts";

/** An estimate's state in the office's words, wherever it is listed. */
export const ESTIMATE_STATUS_TEXT: Record<EstimateStatus, string> = {
  draft: "Not sent",
  sent: "Sent",
  approved: "Approved",
  declined: "Declined",
  expired: "Expired",
};
