import type { DataEnvelope } from "@contracts/common/wire.ts";
import type { Estimate } from "@contracts/estimates/estimate.ts";
import type { ApproveOnSiteSchema, EstimateCreateSchema } from "@contracts/estimates/schemas.ts";
import type * as v from "valibot";
import { endSession } from "../http.ts";
import { bookingWorkOf, type WaitingWork } from "./bookingWork.ts";
import { enqueue, list, type QueuePolicy } from "./queue.ts";

/**
 * An estimate made on a device, or its approval signed there, kept until the server has it. The creation carries
 * the ids the device chose (the estimate's and each option's), so the approval queued after it names them before
 * the server has seen either; `preview` is the estimate as the device priced it, shown while it waits. A deposit taken
 * on site rides in its approval's body: the server records both in one transaction, once per Idempotency-Key and once
 * per estimate.
 */
export type EstimateWork =
  | { type: "create"; bookingId: string; body: v.InferInput<typeof EstimateCreateSchema>; preview: Estimate }
  | {
      type: "approve";
      bookingId: string;
      estimateId: string;
      body: v.InferInput<typeof ApproveOnSiteSchema>;
    };

export type WaitingEstimateWork = WaitingWork<EstimateWork>;

/**
 * Both writes in one kind, so the queue replays them in the order they were made and holds the approval back while
 * the creation waits (a staff kind holds back its later items); each is sent once with its Idempotency-Key, and the
 * server answers a repeated creation (same `_id`) or approval (same option) with the estimate as it is.
 */
const estimateWork: QueuePolicy<EstimateWork> = {
  kind: "estimate",
  request(work) {
    if (work.type === "create") return { method: "POST", url: "/api/estimates", body: work.body };
    return {
      method: "POST",
      url: `/api/estimates/${encodeURIComponent(work.estimateId)}/approve`,
      body: work.body,
    };
  },
  staff: true,
  versioned: false,
};

export type EstimateWorkResult = { state: "sent"; estimate: Estimate } | { state: "queued" };

/**
 * Keeps `work` on the device and sends it when it can: 'sent' with the server's estimate, or 'queued' (offline, no
 * answer, or an approval behind its estimate's creation still waiting). A refusal is thrown with nothing kept.
 */
export async function saveEstimateWork(work: EstimateWork): Promise<EstimateWorkResult> {
  const creation = work.type === "approve" ? await waitingCreation(work.estimateId) : undefined;
  const result = await enqueue(estimateWork, work, { endSession, after: creation });
  return result.state === "sent"
    ? { state: "sent", estimate: (result.body as DataEnvelope<Estimate>).data }
    : { state: "queued" };
}

/** The queue item of the estimate's creation while it is still on this device. */
async function waitingCreation(estimateId: string): Promise<string | undefined> {
  const items = await list([estimateWork.kind]);
  return items.find((item) => {
    const work = item.payload as EstimateWork;
    return work.type === "create" && work.body._id === estimateId;
  })?.id;
}

/** The estimate work on this device per booking: what waits, Send now, dropping a refused piece, its changes. */
export const estimateBookingWork = bookingWorkOf<EstimateWork>(estimateWork.kind);
export const waitingEstimateWork = estimateBookingWork.waiting;
export const sendWaitingEstimateWork = estimateBookingWork.send;
export const dismissEstimateWork = estimateBookingWork.dismiss;

/**
 * The booking's estimates as the screen shows them: the server's, then those made on this device that it has not
 * seen yet, with an approval signed here laid over the estimate it approves (marked as waiting).
 */
export function withWaitingEstimates(
  estimates: readonly Estimate[],
  waiting: readonly WaitingEstimateWork[],
): ShownEstimate[] {
  const shown: ShownEstimate[] = estimates.map((estimate) => ({ estimate, waiting: false }));
  for (const { work, state } of waiting) {
    if (state !== "pending") continue;
    if (work.type === "create") {
      if (!shown.some((s) => s.estimate._id === work.preview._id))
        shown.push({ estimate: work.preview, waiting: true });
      continue;
    }
    const target = shown.find((s) => s.estimate._id === work.estimateId);
    if (!target || target.estimate.status === "approved") continue;
    const { optionId, signedBy, at, deposit } = work.body;
    const when = at ?? new Date().toISOString();
    target.estimate = {
      ...target.estimate,
      status: "approved",
      approvedOptionId: optionId,
      approval: { via: "on-site", signedBy, at: when, receivedAt: when, signatureUrl: null },
      // The deposit taken with it, as the tablet priced it, until the server's figure replaces it.
      depositPaidCents: deposit?.amountCents ?? target.estimate.depositPaidCents,
    };
    target.waiting = true;
  }
  return shown;
}

export interface ShownEstimate {
  estimate: Estimate;
  /** Made or approved on this device and not yet on the server. */
  waiting: boolean;
}
