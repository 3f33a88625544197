import type { Estimate } from "@contracts/estimates/estimate.ts";
import { useCallback, useEffect, useState } from "react";
import {
  onEstimateWorkChange,
  sendWaitingEstimateWork,
  waitingEstimateWork,
  withWaitingEstimates,
  type WaitingEstimateWork,
} from "../../lib/offline-queue/estimateWrites.ts";

/**
 * A booking's estimates as a screen shows them: the server's, with what was made or signed on this device laid over
 * them until the server has it. `onDelivered`: read the booking again (the server's number and figures).
 */
export function useBookingEstimates(bookingId: string, estimates: readonly Estimate[], onDelivered: () => void) {
  const [waiting, setWaiting] = useState<WaitingEstimateWork[]>([]);
  const read = useCallback(
    () =>
      waitingEstimateWork(bookingId).then(setWaiting, (error: unknown) => {
        console.error("Reading the estimates waiting on this device failed", error);
      }),
    [bookingId],
  );
  useEffect(() => {
    void read();
    return onEstimateWorkChange(bookingId, (type) => {
      void read();
      if (type !== "delivered") return;
      onDelivered();
      // A creation just arrived: the approval signed behind it goes now, not at the next round of the sync loop.
      void sendWaitingEstimateWork().catch(() => undefined);
    });
  }, [bookingId, read, onDelivered]);

  return {
    shown: withWaitingEstimates(estimates, waiting),
    refused: waiting.filter((w) => w.state !== "pending"),
  };
}
