import { db } from "../offline-queue/db.ts";
import { isStoredBytes } from "../offline-queue/storedBytes.ts";

/**
 * What a photo takes on the device, rounded up: the app keeps photos at 1600 px as JPEG (about 250-450 KB), and
 * IndexedDB adds its own overhead.
 */
export const PHOTO_BYTES_ON_DEVICE = 512 * 1024;
/** Fewer photos than this still fit: the technician is told before taking one. */
export const WARN_BELOW_PHOTOS = 20;

/** About how many more photos fit in this site's storage; null where the browser does not say. */
export async function photosThatFit(): Promise<number | null> {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  if (!estimate?.quota) return null;
  const free = Math.max(0, estimate.quota - (estimate.usage ?? 0));
  return Math.floor(free / PHOTO_BYTES_ON_DEVICE);
}

/** The warning before a photo, or null while there is room for WARN_BELOW_PHOTOS or more. */
export function roomWarning(photos: number | null): string | null {
  if (photos === null || photos >= WARN_BELOW_PHOTOS) return null;
  return `Storage almost full: about ${photos} more ${photos === 1 ? "photo" : "photos"}`;
}

/**
 * Makes room: drops the copies of photos and signatures already on the server (kept only to show them offline),
 * never anything waiting to be sent. Answers how many bytes it freed.
 */
export async function dropSentPhotos(): Promise<number> {
  const database = await db();
  const tx = database.transaction("job-images", "readwrite");
  let freed = 0;
  for (const image of await tx.store.getAll()) freed += isStoredBytes(image) ? image.bytes.byteLength : image.size;
  await Promise.all([tx.store.clear(), tx.done]);
  return freed;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
