import { whenIdle } from "../idle.ts";
import { startQueueSync } from "../offline-queue/startQueueSync.ts";
import { captureInstallPrompt } from "./installPrompt.ts";
import { registerServiceWorker } from "./serviceWorker.ts";

// For UpdatePrompt, which is on every page: the worker's code stays in this chunk, loaded after first paint.
export { applyUpdate } from "./serviceWorker.ts";

/** Everything the PWA needs at startup, once. main.tsx runs the same steps, the last two after first paint. */
export function initPwa(): void {
  captureInstallPrompt();
  startPwaBackground();
}

/**
 * The service worker and the device queue's delivery loop: loaded and started after the first render (main.tsx).
 * The loop (IndexedDB's opening, a first visit's upgrade and first read) waits for an idle moment of its own, so
 * that the two are two shorter tasks on a phone's main thread rather than one long one.
 */
export function startPwaBackground(): void {
  void registerServiceWorker().catch((error: unknown) => console.error("Service worker registration failed", error));
  whenIdle(() => startQueueSync());
}
