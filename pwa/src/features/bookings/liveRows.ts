import type { Booking } from "@contracts/bookings/booking.ts";
import type { BookingDeleted } from "@contracts/realtime/events.ts";

/** A change to bookings on screen: a live event, the answer of this device's own write. */
export type BookingChange = { type: "updated"; booking: Booking } | { type: "deleted"; payload: BookingDeleted };

const time = (iso: string | undefined) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? 0 : t;
};

/** True when `incoming` is a later state of the same booking than `current`. */
export function isNewer(incoming: Booking, current: Booking): boolean {
  // The version rises by one on every write, so it orders changes even within the same millisecond.
  if (typeof incoming.version === "number" && typeof current.version === "number") {
    if (incoming.version !== current.version) return incoming.version > current.version;
  }
  return time(incoming.updatedAt) > time(current.updatedAt);
}

/**
 * The rows after `change`: an update replaces its row where it stands (a late or replayed older copy changes
 * nothing), a deletion removes it. A booking not on screen is never added here: the screen decides (N new — show).
 */
export function applyChange(rows: Booking[], change: BookingChange): Booking[] {
  if (change.type === "deleted") {
    return rows.some((b) => b._id === change.payload._id) ? rows.filter((b) => b._id !== change.payload._id) : rows;
  }
  const index = rows.findIndex((b) => b._id === change.booking._id);
  if (index === -1 || !isNewer(change.booking, rows[index]!)) return rows;
  const next = rows.slice();
  next[index] = change.booking;
  return next;
}
