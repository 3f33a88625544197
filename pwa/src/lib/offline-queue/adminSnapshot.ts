import { getToken } from "../session.ts";
import { db, type AdminSnapshot } from "./db.ts";
import { publish } from "./events.ts";

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
