import type { Booking } from "@contracts/bookings/booking.ts";
import { byVisit } from "@contracts/schedule/dates.ts";
import { getToken } from "../session.ts";
import { db } from "./db.ts";
import { inWindow } from "./offlineWindow.ts";

// The office's screens only: kept apart from adminSnapshot.ts, which every page loads to clear the copy at a
// session's end.

/**
 * Applies a live change to the copy: a booking updated or created inside the window takes its place (in visit
 * order), one moved out of it or deleted leaves. Nothing happens without a copy or a session.
 */
export async function patchAdminSnapshot(change: { updated?: Booking; deletedId?: string }): Promise<void> {
  // One transaction from read to write: two events in a burst must not each write over the other's change.
  const tx = (await db()).transaction("admin-snapshot", "readwrite");
  const snapshot = await tx.store.get("latest");
  if (!snapshot?.window || !getToken()) return tx.done;
  const id = change.updated?._id ?? change.deletedId;
  let bookings = snapshot.bookings.filter((b) => b._id !== id);
  const updated = change.updated;
  if (updated && inWindow(updated.cleaningDate, snapshot.window)) {
    const index = bookings.findIndex((b) => byVisit(updated, b) < 0);
    bookings = index === -1 ? [...bookings, updated] : [...bookings.slice(0, index), updated, ...bookings.slice(index)];
  }
  await tx.store.put({ ...snapshot, bookings }, "latest");
  await tx.done;
}
