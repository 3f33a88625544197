const MIN_FREE_BYTES = 50 * 1024 * 1024;

/** Nearly full: less than 50 MB or less than a tenth of the quota left, room for a few photos at most. */
export function isNearlyFull(usage: number, quota: number): boolean {
  const free = quota - usage;
  return free < MIN_FREE_BYTES || free < quota * 0.1;
}

/** How much room this site has left on the device; unknown (never "full") where the browser does not say. */
export async function storageRoom(): Promise<{ nearlyFull: boolean; freeBytes: number | null }> {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  if (!estimate?.quota) return { nearlyFull: false, freeBytes: null };
  const usage = estimate.usage ?? 0;
  return { nearlyFull: isNearlyFull(usage, estimate.quota), freeBytes: estimate.quota - usage };
}

let asked: Promise<boolean> | null = null;

/** Asks once that the browser never evict this site's storage: photos may wait in it for hours. */
export function askPersistentStorage(): Promise<boolean> {
  asked ??= (navigator.storage?.persist?.() ?? Promise.resolve(false)).catch(() => false);
  return asked;
}
