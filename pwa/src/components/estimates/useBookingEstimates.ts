import type { Estimate } from "@contracts/estimates/estimate.ts";
import { useCallback, useEffect } from "react";
import { useDeviceRead } from "../../lib/useDeviceRead.ts";
import {
  onEstimateWorkChange,
  sendWaitingEstimateWork,
  waitingEstimateWork,
  withWaitingEstimates,
} from "../../lib/offline-queue/estimateWrites.ts";

/**
 * A booking's estimates as a screen shows them: the server's, with what was made or signed on this device laid over
 * them until the server has it. `onDelivered`: read the booking again (the server's number and figures).
 */
export function useBookingEstimates(bookingId: string, estimates: readonly Estimate[], onDelivered: () => void) {
  // A device read: its answer is dropped once the screen has closed, as a read of IndexedDB may come after.
  const readWaiting = useCallback(
    () =>
      waitingEstimateWork(bookingId).catch((error: unknown) => {
        console.error("Reading the estimates waiting on this device failed", error);
        throw error;
      }),
    [bookingId],
  );
  const { value, again } = useDeviceRead(readWaiting);
  const waiting = value ?? [];
  useEffect(
    () =>
      onEstimateWorkChange(bookingId, (type) => {
        again();
        if (type !== "delivered") return;
        onDelivered();
        // A creation just arrived: the approval signed behind it goes now, not at the next round of the sync loop.
        void sendWaitingEstimateWork().catch(() => undefined);
      }),
    [bookingId, again, onDelivered],
  );

  return {
    shown: withWaitingEstimates(estimates, waiting),
    refused: waiting.filter((w) => w.state !== "pending"),
  };
}
