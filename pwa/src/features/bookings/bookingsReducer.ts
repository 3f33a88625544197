import type { Booking } from "@contracts/bookings/booking.ts";
import type { BookingDeleted } from "@contracts/realtime/events.ts";

/**
 * The dashboard's bookings, kept by one pure reducer so that the first load, this tab's own writes,
 * socket events and the catch-up after a reconnect all converge on the same list, in any order.
 */
export interface BookingsState {
  /** Newest first, as GET /api/bookings answers. */
  bookings: Booking[];
  /** Ids deleted while this dashboard was open: a late or replayed event must not bring them back. */
  deletedIds: string[];
  /** Latest updatedAt seen, the `since` of the catch-up request after a reconnect. */
  since: string | null;
}

export type BookingsAction =
  | { type: "loaded"; bookings: Booking[] }
  | { type: "newBooking"; booking: Booking }
  | { type: "bookingUpdated"; booking: Booking }
  | { type: "bookingDeleted"; payload: BookingDeleted }
  /**
   * The catch-up after a reconnect: what changed and what was deleted since a little before the cursor. Rows
   * already known come back too (the overlap) and change nothing.
   */
  | { type: "merged"; bookings: Booking[]; deleted?: BookingDeleted[] };

export const initialBookingsState: BookingsState = { bookings: [], deletedIds: [], since: null };

function time(iso: string | undefined): number {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? 0 : t;
}

/** True when `incoming` is a later state of the same booking than `current`. */
export function isNewer(incoming: Booking, current: Booking): boolean {
  // The version rises by one on every write, so it orders changes even within the same millisecond.
  if (typeof incoming.version === "number" && typeof current.version === "number") {
    if (incoming.version !== current.version) return incoming.version > current.version;
  }
  return time(incoming.updatedAt) > time(current.updatedAt);
}

function laterOf(a: string | null, b: string | undefined): string | null {
  if (!b || Number.isNaN(Date.parse(b))) return a;
  return a === null || time(b) > time(a) ? b : a;
}

/** Places a booking the list does not hold yet by creation time, so a brand-new one lands on top. */
function insertByCreation(bookings: Booking[], booking: Booking): Booking[] {
  const created = time(booking.createdAt);
  const index = bookings.findIndex((b) => time(b.createdAt) <= created);
  return index === -1 ? [...bookings, booking] : [...bookings.slice(0, index), booking, ...bookings.slice(index)];
}

/** Inserts an unknown booking, or replaces a known one when the incoming copy is newer. */
function upsert(state: BookingsState, booking: Booking): BookingsState {
  if (state.deletedIds.includes(booking._id)) return state;
  const since = laterOf(state.since, booking.updatedAt);
  const index = state.bookings.findIndex((b) => b._id === booking._id);
  if (index === -1) return { ...state, since, bookings: insertByCreation(state.bookings, booking) };
  if (!isNewer(booking, state.bookings[index]!)) return since === state.since ? state : { ...state, since };
  const bookings = state.bookings.slice();
  bookings[index] = booking;
  return { ...state, since, bookings };
}

/** Drops a deleted booking and remembers its id; a deletion already known changes nothing. */
function remove(state: BookingsState, { _id, updatedAt }: BookingDeleted): BookingsState {
  const since = laterOf(state.since, updatedAt);
  // No listed booking has a remembered id (loaded and upsert keep them out), so there is nothing to drop.
  if (state.deletedIds.includes(_id)) return since === state.since ? state : { ...state, since };
  const listed = state.bookings.some((b) => b._id === _id);
  const bookings = listed ? state.bookings.filter((b) => b._id !== _id) : state.bookings;
  return { bookings, deletedIds: [...state.deletedIds, _id], since };
}

export function bookingsReducer(state: BookingsState, action: BookingsAction): BookingsState {
  switch (action.type) {
    case "loaded":
      return {
        bookings: action.bookings.filter((b) => !state.deletedIds.includes(b._id)),
        deletedIds: state.deletedIds,
        since: action.bookings.reduce<string | null>((latest, b) => laterOf(latest, b.updatedAt), state.since),
      };
    case "newBooking":
    case "bookingUpdated":
      return upsert(state, action.booking);
    case "merged":
      // Deletions first: a booking read just before its deletion, in the same catch-up, is not listed again.
      return action.bookings.reduce(upsert, (action.deleted ?? []).reduce(remove, state));
    case "bookingDeleted":
      return remove(state, action.payload);
  }
}
