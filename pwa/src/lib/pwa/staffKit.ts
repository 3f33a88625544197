/**
 * The staff kit (decision 0099): the staff app's own files (the shell, My Jobs, the job screen and its builders, the
 * office's Bookings and their parts) are not in the precache every install downloads. The build marks them in the
 * worker's manifest; the worker keeps them in a cache of their own on a device where staff signed in, and on such a
 * device a new version's worker installs its kit before it takes over, as the precache is installed: a technician's
 * tablet opens every screen of its version with no signal.
 */

/** The mark on a manifest entry of the kit. */
export const STAFF_KIT = "staff";
/** The cache that holds it; its presence says staff signed in on this device. */
export const STAFF_KIT_CACHE = "staff-kit";
/** The message the staff shell sends the worker: keep the kit (again: what is kept already is not fetched). */
export const KEEP_STAFF_KIT = "KEEP_STAFF_KIT";

export interface ManifestEntry {
  url: string;
  revision: string | null;
  kit?: string;
}

/** The entries every install precaches, and the absolute URLs of the kit's files. */
export function splitManifest(entries: ManifestEntry[], origin: string) {
  return {
    everyone: entries.filter((entry) => entry.kit !== STAFF_KIT),
    kit: entries.filter((entry) => entry.kit === STAFF_KIT).map((entry) => new URL(entry.url, origin).href),
  };
}

/**
 * Keeps each file of the kit not kept yet. Throws when one cannot be fetched, so that an install fails (and is tried
 * again) rather than take over with screens it cannot open offline. Files of older builds stay until `dropOld`: the
 * version still running may need them.
 */
export async function keepKit(storage: CacheStorage, urls: string[], fetcher: typeof fetch = fetch): Promise<void> {
  const cache = await storage.open(STAFF_KIT_CACHE);
  const kept = new Set((await cache.keys()).map((request) => request.url));
  await Promise.all(
    urls
      .filter((url) => !kept.has(url))
      .map(async (url) => {
        const response = await fetcher(url, { credentials: "same-origin" });
        if (!response.ok) throw new Error(`staff kit: ${url} answered ${response.status}`);
        await cache.put(url, response);
      }),
  );
}

/** Drops the files no longer in the kit (an older build's), once this version has taken over. */
export async function dropOld(storage: CacheStorage, urls: string[]): Promise<void> {
  if (!(await storage.has(STAFF_KIT_CACHE))) return;
  const cache = await storage.open(STAFF_KIT_CACHE);
  const current = new Set(urls);
  await Promise.all(
    (await cache.keys()).filter((request) => !current.has(request.url)).map((request) => cache.delete(request)),
  );
}

/**
 * The staff shell's side: asks the worker to keep the kit, once its worker is active (registerServiceWorker, after
 * the first paint). Where none is ever registered (a dev server) nothing happens. The worker answers on a port when
 * one is given (the e2e suite waits so); the shell does not wait.
 */
export function askToKeepStaffKit(): void {
  void navigator.serviceWorker?.ready.then((registration) =>
    registration.active?.postMessage({ type: KEEP_STAFF_KIT }),
  );
}
