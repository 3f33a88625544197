/** The Background Sync tag the service worker answers by flushing the outbox. */
export const OUTBOX_SYNC_TAG = "outbox-flush";

interface SyncCapableRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * Asks the browser to wake the service worker when the network is back, even with every tab closed.
 * Only Chromium has Background Sync; elsewhere this quietly does nothing and the window's sync loop
 * (startOutboxSync) and the next visit deliver instead.
 */
export async function requestBackgroundSync(): Promise<void> {
  try {
    // In the service worker `registration` is a global; in a window we look ours up (none in dev builds).
    const own = (globalThis as { registration?: SyncCapableRegistration }).registration;
    const registration =
      own ?? ((await globalThis.navigator?.serviceWorker?.getRegistration()) as SyncCapableRegistration);
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Refused (permission, private mode): the other delivery paths remain.
  }
}
