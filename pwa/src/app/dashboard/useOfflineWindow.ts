import type { Booking } from "@contracts/bookings/booking.ts";
import type { DashboardSummary } from "@contracts/dashboard/summary.ts";
import { todayIn } from "@contracts/schedule/dates.ts";
import { useEffect, useEffectEvent } from "react";
import { fetchBookingsPage } from "../../features/bookings/api.ts";
import { fetchServices } from "../../features/services/api.ts";
import { loadAdminSnapshot, saveAdminSnapshot } from "../../lib/offline-queue/adminSnapshot.ts";
import { patchAdminSnapshot } from "../../lib/offline-queue/patchAdminSnapshot.ts";
import { OFFLINE_WINDOW, windowAround, withinCap } from "../../lib/offline-queue/offlineWindow.ts";
import { useProfile } from "../../lib/profile.tsx";
import { getToken } from "../../lib/session.ts";
import { useSocketEvent } from "../../lib/socketEvents.ts";
import { listQuery } from "../../lib/usePagedList.ts";

/**
 * Runs `work` once the page is idle (after its first rows are drawn), at most `ms` later: the window's pages and their
 * storage must not compete with the screen a person is waiting for. Answers a cancel.
 */
function whenIdle(work: () => void, ms = 3000): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(work, { timeout: ms });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(work, 1);
  return () => clearTimeout(timer);
}

/** Opening another office screen soon after does not read the window again: live events keep it current. */
export const WINDOW_FRESH_MS = 5 * 60 * 1000;

let lastSync = 0;
let syncing: Promise<void> | null = null;
/** A sync was tried on this page (it may have failed offline): a reconnection tries again. */
let tried = false;

/** For tests: the next screen reads the window again. */
export function resetOfflineWindow(): void {
  lastSync = 0;
  syncing = null;
  tried = false;
}

/** Every booking of the window, page after page in visit order, up to the cap. */
async function readWindow(window: { from: string; to: string }): Promise<Booking[]> {
  const bookings: Booking[] = [];
  let cursor: string | null = null;
  do {
    // Signed out meanwhile (the copy is being wiped): no further page is asked for under no session.
    if (!getToken()) throw new Error("Signed out while the offline copy was read");
    const page = await fetchBookingsPage(listQuery({ ...window, sort: "date", limit: 100, cursor }));
    bookings.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor && bookings.length < OFFLINE_WINDOW.maxBookings);
  return bookings;
}

async function sync(timeZone: string, given: DashboardSummary | undefined): Promise<void> {
  const window = windowAround(todayIn(timeZone));
  const [bookings, services, last] = await Promise.all([
    readWindow(window),
    fetchServices(),
    given ? null : loadAdminSnapshot().catch(() => null),
  ]);
  const summary = given ?? last?.summary;
  const { kept, truncated } = withinCap(bookings);
  await saveAdminSnapshot({ bookings: kept, services, syncedAt: new Date().toISOString(), window, summary, truncated });
  lastSync = Date.now();
}

/**
 * Keeps the tablet's offline copy: the bookings of the window (a week back, a month ahead) and the services, read
 * page by page when an office screen opens online (at most every few minutes) and after every reconnection, then
 * patched by the live events. `summary`: the figures shown, kept with it for the overview offline (null: not read
 * yet, the copy waits for them; absent: the screen has none, the copy keeps the last).
 */
export function useOfflineWindow(summary?: DashboardSummary | null): void {
  const { timeZone } = useProfile();
  const run = (force: boolean) => {
    if (syncing || (!force && Date.now() - lastSync < WINDOW_FRESH_MS)) return;
    tried = true;
    syncing = sync(timeZone, summary ?? undefined)
      .catch((error: unknown) => console.warn("Keeping the offline copy failed", error))
      .finally(() => (syncing = null));
  };
  // Once the figures are read, so that the copy holds them too; a screen without figures syncs at once.
  const ready = summary !== null;
  const start = useEffectEvent(() => run(false));
  useEffect(() => {
    if (ready) return whenIdle(start);
  }, [ready]);
  // A reconnection reads it again (live events may have been missed); the first connection leaves it to the above.
  useSocketEvent("connect", () => {
    if (tried) run(true);
  });
  const keep = (change: Parameters<typeof patchAdminSnapshot>[0]) =>
    void patchAdminSnapshot(change).catch((error: unknown) => console.warn("Updating the offline copy failed", error));
  useSocketEvent("newBooking", (booking) => keep({ updated: booking }));
  useSocketEvent("bookingUpdated", (booking) => keep({ updated: booking }));
  useSocketEvent("bookingDeleted", ({ _id }) => keep({ deletedId: _id }));
}
