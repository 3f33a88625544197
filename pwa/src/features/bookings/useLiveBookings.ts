import type { Dispatch } from "react";
import { useSocketEvent } from "../../lib/socketEvents.ts";
import type { BookingsAction } from "./bookingsReducer.ts";
import { fetchCatchUp } from "./catchUp.ts";

/**
 * Keeps the bookings live: socket events go through the reducer, and every (re)connection after the
 * first load asks for the bookings changed and deleted since shortly before the latest change seen
 * (fetchCatchUp), because events sent while this socket was away are not replayed.
 */
export function useLiveBookings(dispatch: Dispatch<BookingsAction>, since: string | null, loaded: boolean): void {
  useSocketEvent("connect", () => {
    // Before the first load answers, that load itself covers everything.
    if (!loaded) return;
    fetchCatchUp(since).then(
      (action) => dispatch(action),
      (error: unknown) => console.error("Catching up on bookings failed", error),
    );
  });
  useSocketEvent("newBooking", (booking) => dispatch({ type: "newBooking", booking }));
  useSocketEvent("bookingUpdated", (booking) => dispatch({ type: "bookingUpdated", booking }));
  useSocketEvent("bookingDeleted", (payload) => dispatch({ type: "bookingDeleted", payload }));
}
