import { db, type DeviceMarker } from "../offline-queue/db.ts";
import { newId } from "../offline-queue/ids.ts";
import { getToken } from "../session.ts";
import { askPersistentStorage } from "./persistence.ts";

/**
 * Noticing that the browser cleared this site's storage. When staff sign in, a marker is written to IndexedDB, where
 * the queue lives, and its copy to localStorage. A browser that evicts the site's IndexedDB under storage pressure
 * takes the marker with it: the copy then names a marker that is gone, and the queue's emptiness means nothing. The
 * technician is told that work recorded before then may be lost, until they say they have read it. A browser that
 * clears localStorage too also clears the sign-in: nothing on the device can tell that case (persistent storage,
 * persistence.ts, is what prevents it).
 */
const MARKER_KEY = "clearflow-storage-marker";
const CLEARED_KEY = "clearflow-storage-cleared";

/** The copy also says which sign-in wrote it: a session it does not name is a new sign-in. */
type MarkerCopy = DeviceMarker & { session?: string };

/** A sign-in, told apart from the next by the end of its token (the token itself is in localStorage already). */
const sessionKey = () => getToken()?.slice(-16) ?? "";

function copyOfMarker(): MarkerCopy | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(MARKER_KEY) ?? "null") as Partial<MarkerCopy> | null;
    return typeof parsed?.id === "string" && typeof parsed.at === "string" ? (parsed as MarkerCopy) : null;
  } catch {
    return null;
  }
}

/** Compares the copy with the marker; a marker gone or replaced leaves a notice. */
async function noticeClearing(copy: MarkerCopy): Promise<void> {
  const marker = await (await db()).get("device", "marker");
  if (marker?.id === copy.id) return;
  if (!localStorage.getItem(CLEARED_KEY)) localStorage.setItem(CLEARED_KEY, copy.at);
  await writeMarker();
}

async function writeMarker(): Promise<void> {
  const marker: DeviceMarker = { id: newId(), at: new Date().toISOString() };
  await (await db()).put("device", marker, "marker");
  localStorage.setItem(MARKER_KEY, JSON.stringify({ ...marker, session: sessionKey() } satisfies MarkerCopy));
}

/**
 * When the staff app starts: notices a clearing since the marker was written, and on the first start of a sign-in
 * asks for persistent storage and writes a new marker. Answers since when the storage was cleared (ISO: when the
 * lost marker was written), or null. Never throws.
 */
export async function storageClearedSince(): Promise<string | null> {
  try {
    const copy = copyOfMarker();
    if (copy) await noticeClearing(copy);
    if (copy?.session !== sessionKey()) {
      void askPersistentStorage();
      await writeMarker();
    }
  } catch (error) {
    console.warn("The storage marker could not be checked", error);
  }
  return localStorage.getItem(CLEARED_KEY);
}

/** The technician has read the notice. */
export function acknowledgeStorageCleared(): void {
  localStorage.removeItem(CLEARED_KEY);
}
