import type { Booking } from "@contracts/bookings/booking.ts";
import { byVisit } from "@contracts/schedule/dates.ts";
import { getToken } from "../session.ts";
import { db, type AdminSnapshot } from "./db.ts";
import { publish } from "./events.ts";
import { inWindow } from "./offlineWindow.ts";

/**
 * Keeps the office's window of bookings (offlineWindow.ts) and the services, so a tablet can still read them offline. Only while
 * someone is signed in: a save still waiting when the session ends must not bring customer data back after the
 * wipe. The token is read after the database opened, right before the write, so a logout that clears the session
 * and then the data always comes last.
 */
export async function saveAdminSnapshot(snapshot: AdminSnapshot): Promise<void> {
  const database = await db();
  if (!getToken()) return;
  await database.put("admin-snapshot", snapshot, "latest");
}

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

/** The last saved snapshot, or null when the dashboard never loaded on this device (or after logout). */
export async function loadAdminSnapshot(): Promise<AdminSnapshot | null> {
  return (await (await db()).get("admin-snapshot", "latest")) ?? null;
}

/** Removes the copies of customer data but keeps the queued staff writes (a session that ended without Logout). */
export async function clearAdminSnapshot(): Promise<void> {
  const tx = (await db()).transaction(["admin-snapshot", "jobs", "job-images"], "readwrite");
  await Promise.all([
    tx.objectStore("admin-snapshot").clear(),
    tx.objectStore("jobs").clear(),
    tx.objectStore("job-images").clear(),
    tx.done,
  ]);
  publish({ type: "admin-cleared" });
}

/**
 * Removes the staff data from this device at logout: the snapshot (customer names, addresses, phones), a technician's
 * jobs and their photos. The staff writes still waiting stay, each tied to the person who made it: they are that
 * person's work, sent when they sign in again and never under anyone else's session (queue.ts, list()).
 */
export async function clearAdminData(): Promise<void> {
  await clearAdminSnapshot();
}
