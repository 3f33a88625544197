import { PUBLIC_API_CACHE } from "./swRoutes.ts";

/**
 * After staff change a service, this device's stale-while-revalidate copies of the list and of that service
 * would show the old text once more. Dropping them makes the next public view ask the server.
 */
export function forgetCachedService(id: string): Promise<void> {
  return forgetCached(["/api/services", `/api/services/${encodeURIComponent(id)}`]);
}

/** After the owner saves the settings: the next read of the profile (hours, phone, rules) asks the server. */
export function forgetCachedProfile(): Promise<void> {
  return forgetCached(["/api/profile"]);
}

async function forgetCached(paths: string[]): Promise<void> {
  if (typeof caches === "undefined") return;
  try {
    const cache = await caches.open(PUBLIC_API_CACHE);
    await Promise.all(paths.map((path) => cache.delete(new URL(path, location.origin).href, { ignoreVary: true })));
  } catch {
    // Storage blocked (private mode, quota): there is no copy to go stale either.
  }
}
