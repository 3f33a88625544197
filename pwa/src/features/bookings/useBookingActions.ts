import type { Booking, BookingStatus } from "@contracts/bookings/booking.ts";
import { OFFICE_BOOKING_MESSAGES as MESSAGES } from "@contracts/bookings/office-messages.ts";
import { ApiError } from "../../lib/http.ts";
import { enqueueStatusChange } from "../../lib/offline-queue/adminStatusQueue.ts";
import { alertFailure } from "../../lib/alerts.ts";
import { deleteBooking, fetchBooking } from "./api.ts";
import type { BookingChange } from "./liveRows.ts";
import { useBusyIds } from "../../lib/useBusyIds.ts";

/** Delete and status change of a booking; the answers patch the rows as socket events do. */
export function useBookingActions(dispatch: (change: BookingChange) => void) {
  const { busyIds, track } = useBusyIds();

  async function onDelete(booking: Booking) {
    if (!window.confirm(MESSAGES.confirmDeleteBooking)) return;
    try {
      const payload = await track(booking._id, () => deleteBooking(booking._id));
      dispatch({ type: "deleted", payload });
    } catch (error) {
      alertFailure(MESSAGES.deleteBookingFailed, error);
    }
  }

  async function onStatusChange(booking: Booking, status: BookingStatus) {
    try {
      // Through the admin queue: on a tablet that lost its connection the change waits and is sent on
      // reconnect with the version seen here, so a newer change made elsewhere is never overwritten.
      const result = await track(booking._id, () => enqueueStatusChange(booking._id, status, booking.version));
      if (result.state === "applied") dispatch({ type: "updated", booking: result.booking });
    } catch (error) {
      alertFailure(MESSAGES.statusUpdateFailed, error);
      // A stale version means someone else changed it: show their version so the next try can succeed.
      if (error instanceof ApiError && error.status === 409) {
        fetchBooking(booking._id).then(
          (fresh) => dispatch({ type: "updated", booking: fresh }),
          () => undefined,
        );
      }
    }
  }

  return { busyIds, onDelete, onStatusChange };
}
