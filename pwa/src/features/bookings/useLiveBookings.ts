import type { Booking } from "@contracts/bookings/booking.ts";
import { useCallback, useState } from "react";
import { useSocketEvent } from "../../lib/socketEvents.ts";
import { applyChange } from "./liveRows.ts";

interface ShownList {
  rows: readonly Booking[];
  /** True once the first page answered: before that, the page itself covers everything. */
  ready: boolean;
  update: (change: (rows: Booking[]) => Booking[]) => void;
  /** Reads the first page again behind what is shown. */
  refresh: () => void;
}

/**
 * Keeps the bookings on screen live. A change to a row on screen patches it where it stands; a deletion removes
 * it. A booking that is not on screen (a new one, or one an update brings into the filter) never jumps into the
 * list under the person's finger: it is counted, and `showFresh` reads the first page again. After a reconnection
 * (events sent meanwhile are not replayed) the page is read again. `belongs`: whether a booking fits what the
 * screen lists (its filters); none means every booking does.
 */
export function useLiveBookings(list: ShownList, belongs: (booking: Booking) => boolean = () => true) {
  const [fresh, setFresh] = useState(0);
  const { update, refresh } = list;
  // The socket's handlers run with this render's rows (useSocketEvent keeps the latest handler).
  const onShown = (id: string) => list.rows.some((b) => b._id === id);
  useSocketEvent("newBooking", (booking) => {
    if (list.ready && !onShown(booking._id) && belongs(booking)) setFresh((n) => n + 1);
  });
  useSocketEvent("bookingUpdated", (booking) => {
    if (onShown(booking._id)) update((rows) => applyChange(rows, { type: "updated", booking }));
    else if (list.ready && belongs(booking)) setFresh((n) => n + 1);
  });
  useSocketEvent("bookingDeleted", (payload) => update((rows) => applyChange(rows, { type: "deleted", payload })));
  useSocketEvent("connect", () => {
    if (!list.ready) return;
    setFresh(0);
    refresh();
  });

  const showFresh = useCallback(() => {
    setFresh(0);
    refresh();
  }, [refresh]);
  return { fresh, showFresh };
}
