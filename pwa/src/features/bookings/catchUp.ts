import { CATCH_UP_OVERLAP_MS, DELETION_RETENTION_MS } from "@contracts/realtime/events.ts";
import { fetchBookings, fetchDeletedBookings } from "./api.ts";
import type { BookingsAction } from "./bookingsReducer.ts";

/** Room for a device clock ahead of the server's when judging whether the server still keeps a deletion. */
const CLOCK_SLACK_MS = 24 * 60 * 60 * 1000;

/**
 * What a dashboard missed while its socket was away, as one reducer action. From CATCH_UP_OVERLAP_MS before
 * the cursor (the newest updatedAt it saw), the changed bookings and the deletions, asked in parallel. A
 * cursor older than the server keeps deletions for gets the whole list instead (`loaded` replaces the rows).
 */
export async function fetchCatchUp(since: string | null, now = Date.now()): Promise<BookingsAction> {
  // Nothing seen yet: everything there is.
  if (since === null) return { type: "merged", bookings: await fetchBookings() };
  const cursor = Date.parse(since);
  if (now - cursor > DELETION_RETENTION_MS - CLOCK_SLACK_MS) return { type: "loaded", bookings: await fetchBookings() };
  const from = new Date(cursor - CATCH_UP_OVERLAP_MS).toISOString();
  const [bookings, deleted] = await Promise.all([
    fetchBookings(from),
    // Missed bookings matter more than missed deletions: a failure here (an instance not yet updated during a
    // rolling deploy answers 404) still lets the bookings through.
    fetchDeletedBookings(from).catch((error: unknown) => {
      console.error("Catching up on deleted bookings failed", error);
      return [];
    }),
  ]);
  return { type: "merged", bookings, deleted };
}
