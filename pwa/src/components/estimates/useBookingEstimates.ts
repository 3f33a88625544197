import type { Estimate } from "@contracts/estimates/estimate.ts";
import { estimateBookingWork, withWaitingEstimates } from "../../lib/offline-queue/estimateWrites.ts";
import { useBookingWork } from "../../lib/useBookingWork.ts";

/**
 * A booking's estimates as a screen shows them: the server's, with what was made or signed on this device laid over
 * them until the server has it. `onDelivered`: read the booking again (the server's number and figures).
 */
export function useBookingEstimates(bookingId: string, estimates: readonly Estimate[], onDelivered: () => void) {
  const waiting = useBookingWork(estimateBookingWork, bookingId, "the estimates", onDelivered);
  return {
    shown: withWaitingEstimates(estimates, waiting),
    refused: waiting.filter((w) => w.state !== "pending"),
  };
}
