import { useCallback, useEffect } from "react";
import type { BookingWorkChange, WaitingWork } from "./offline-queue/bookingWork.ts";
import { useDeviceRead } from "./useDeviceRead.ts";

/** One kind of the device queue as a booking's screens see it (offline-queue/bookingWork.ts). */
interface BookingWorkQueue<W> {
  waiting(bookingId: string): Promise<WaitingWork<W>[]>;
  send(): Promise<void>;
  onChange(bookingId: string, onChange: (type: BookingWorkChange) => void): () => void;
}

const NONE: never[] = [];

/**
 * A booking's work of one kind still on this device (its estimates', its invoice's), read again on every change of
 * it. A device read: an answer from IndexedDB that comes after the screen closed is dropped. When a piece is
 * delivered, `onDelivered` reads the booking again (the server's number and figures), and what waited behind it
 * (an approval behind its estimate's creation, a payment behind its invoice's) goes now, not at the sync loop's next
 * round. `queue` is a module's constant; `what` names the work in the log when the device cannot be read.
 */
export function useBookingWork<W>(
  queue: BookingWorkQueue<W>,
  bookingId: string,
  what: string,
  onDelivered: () => void,
): WaitingWork<W>[] {
  const read = useCallback(
    () =>
      queue.waiting(bookingId).catch((error: unknown) => {
        console.error(`Reading ${what} waiting on this device failed`, error);
        throw error;
      }),
    [queue, bookingId, what],
  );
  const { value, again } = useDeviceRead(read);
  useEffect(
    () =>
      queue.onChange(bookingId, (type) => {
        again();
        if (type !== "delivered") return;
        onDelivered();
        void queue.send().catch(() => undefined);
      }),
    [queue, bookingId, again, onDelivered],
  );
  return value ?? NONE;
}
