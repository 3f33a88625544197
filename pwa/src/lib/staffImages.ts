import { useEffect, useState } from "react";
import { fetchWithToken } from "./http.ts";
import { db } from "./offline-queue/db.ts";
import { isStoredBytes } from "./offline-queue/storedBytes.ts";
import { getToken } from "./session.ts";

/**
 * An image only staff may see (a job's photo or signature, `/api/photos/{id}`): an <img> cannot send the token, so
 * it is fetched with it. Each URL names one stored image that never changes, so the device keeps the bytes and
 * shows them again offline; logout and an ended session clear them with the rest of the customer data. Kept as
 * bytes with their type, not as a Blob (Safari's Blob bugs in IndexedDB, see offline-queue/storedBytes.ts); a Blob
 * an older version kept is still read.
 */
export async function staffImage(url: string): Promise<Blob> {
  const database = await db().catch(() => null);
  const kept = await database?.get("job-images", url);
  if (kept) return isStoredBytes(kept) ? new Blob([kept.bytes], { type: kept.type }) : kept;
  const blob = await (await fetchWithToken(url)).blob();
  // Not after a logout that happened while the bytes were on their way. A copy that cannot be kept (a full device)
  // is only a copy: the image still shows.
  if (database && getToken()) {
    const stored = { storedAs: "bytes" as const, bytes: await blob.arrayBuffer(), type: blob.type };
    await database.put("job-images", stored, url).catch((error: unknown) => console.warn("Image not kept", error));
  }
  return blob;
}

/** Loads the images of a job so the job screen shows them with no network later. Never throws. */
export async function keepStaffImages(urls: readonly string[]): Promise<void> {
  await Promise.all(urls.map((url) => staffImage(url).catch(() => undefined)));
}

/** An object URL for `source` (a staff image's URL, or a Blob still on the device); null while loading or failed. */
export function useImageSource(source: string | Blob): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    const show = (blob: Blob) => {
      if (cancelled) return;
      objectUrl = URL.createObjectURL(blob);
      setState({ src: objectUrl, failed: false });
    };
    if (typeof source === "string")
      staffImage(source).then(show, () => !cancelled && setState({ src: null, failed: true }));
    else show(source);
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [source]);
  return state;
}
