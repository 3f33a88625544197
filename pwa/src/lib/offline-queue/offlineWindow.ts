import type { Booking } from "@contracts/bookings/booking.ts";
import { formatCount } from "@contracts/common/counts.ts";
import { addDays } from "@contracts/schedule/dates.ts";
import type { AdminSnapshot } from "./db.ts";

/**
 * The tablet keeps a window of the bookings, never the history: a week back (the jobs just done, their invoices
 * and ratings) and a month ahead (the jobs to come), within a cap on their number and their size.
 */
export const OFFLINE_WINDOW = {
  daysBack: 7,
  daysAhead: 30,
  maxBookings: 2_000,
  maxBytes: 5 * 1024 * 1024,
} as const;

/** The visit dates the window holds on `today` (the business's day), both included. */
export function windowAround(today: string): { from: string; to: string } {
  return { from: addDays(today, -OFFLINE_WINDOW.daysBack), to: addDays(today, OFFLINE_WINDOW.daysAhead) };
}

/** About what a copy takes on the device: its JSON's length in UTF-8 (what IndexedDB stores is of that order). */
export function estimateBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}

/** The bookings kept of `bookings` (in visit order): within the number cap, then within the byte cap. */
export function withinCap(bookings: readonly Booking[]): { kept: Booking[]; truncated: boolean } {
  let kept = bookings.slice(0, OFFLINE_WINDOW.maxBookings);
  let bytes = estimateBytes(kept);
  while (bytes > OFFLINE_WINDOW.maxBytes && kept.length > 0) {
    // Dropped from the far end of the window: the visits nearest today matter most on the road.
    kept = kept.slice(0, Math.floor(kept.length * (OFFLINE_WINDOW.maxBytes / bytes) * 0.95));
    bytes = estimateBytes(kept);
  }
  return { kept, truncated: kept.length < bookings.length };
}

/** What the sync panel says of the copy: "312 bookings, 7 days back to 30 ahead, 0.4 MB of 5 MB". */
export function describeCopy(snapshot: AdminSnapshot): string {
  const count = snapshot.bookings.length;
  const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  const span = snapshot.window
    ? `${OFFLINE_WINDOW.daysBack} days back to ${OFFLINE_WINDOW.daysAhead} ahead`
    : "as last shown";
  const parts = [
    `${formatCount(count)} ${count === 1 ? "booking" : "bookings"}`,
    span,
    `${mb(estimateBytes(snapshot))} of ${mb(OFFLINE_WINDOW.maxBytes)}`,
  ];
  return `${parts.join(", ")}${snapshot.truncated ? " (the nearest visits: the window holds more)" : ""}`;
}

/** Whether a visit date lies inside the copy's window. */
export const inWindow = (date: string, window: { from: string; to: string }) =>
  date >= window.from && date <= window.to;
