/**
 * The Background Sync tag the service worker answers by flushing the public writes. It keeps the old word on purpose:
 * the browser keeps a registered tag across an update, and the new worker must answer the sync the old page asked for.
 */
export const QUEUE_SYNC_TAG = "outbox-flush";

interface SyncCapableRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * Asks the browser to wake the service worker when the network is back, even with every tab closed.
 * Only Chromium has Background Sync; elsewhere this quietly does nothing and the window's sync loop
 * (startQueueSync) and the next visit deliver instead.
 */
export async function requestBackgroundSync(): Promise<void> {
  try {
    // In the service worker `registration` is a global; in a window we look ours up (none in dev builds).
    const own = (globalThis as { registration?: SyncCapableRegistration }).registration;
    const registration =
      own ?? ((await globalThis.navigator?.serviceWorker?.getRegistration()) as SyncCapableRegistration);
    await registration?.sync?.register(QUEUE_SYNC_TAG);
  } catch {
    // Refused (permission, private mode): the other delivery paths remain.
  }
}
