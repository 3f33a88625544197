import { endSession } from "../http.ts";
import type { QueueItem, QueueKind } from "./db.ts";
import { subscribeQueue } from "./events.ts";
import { dismiss, flushQueue, list } from "./queue.ts";

/** What a screen shows of one piece of a booking's work still on this device. */
export interface WaitingWork<W> {
  id: string;
  work: W;
  /** 'failed': the server refused it; its words are in `error`. */
  state: QueueItem["state"];
  error: string | null;
}

export type BookingWorkChange = "queued" | "delivered" | "failed" | "dismissed" | "settled" | "cleared";

/**
 * One kind of the device queue as a booking's screens see it (estimates, invoices): what of a booking still waits,
 * sending it now, dropping a refused piece, and hearing of any change, a logout's wipe included.
 */
export function bookingWorkOf<W extends { bookingId: string }>(kind: QueueKind) {
  return {
    /** The work still on this device for one booking, oldest first. */
    async waiting(bookingId: string): Promise<WaitingWork<W>[]> {
      return (await list([kind]))
        .map(({ id, payload, state, lastError }) => ({ id, work: payload as W, state, error: lastError }))
        .filter((waiting) => waiting.work.bookingId === bookingId);
    },
    /** Sends what waits now (the network came back, or a creation was just delivered and what follows it may go). */
    async send(): Promise<void> {
      await flushQueue([kind], { ignoreBackoff: true, endSession });
    },
    dismiss: (id: string) => dismiss(id),
    /** Calls `onChange` whenever the work of `bookingId` on this device changes. */
    onChange(bookingId: string, onChange: (type: BookingWorkChange) => void): () => void {
      return subscribeQueue((event) => {
        if (event.type === "admin-cleared") onChange("cleared");
        else if (event.item.kind === kind && (event.item.payload as W).bookingId === bookingId) onChange(event.type);
      });
    },
  };
}
