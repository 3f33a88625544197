import { endSession } from "../http.ts";
import { subscribeQueue } from "./events.ts";
import { isOffline } from "../pwa/online.ts";
import { ALL_KINDS } from "./db.ts";
import { flushQueue, listKept } from "./queue.ts";

/**
 * The one rule of when the device queue is sent from the page (decision 0053). Background Sync exists only in
 * Chromium, so nothing depends on it; where it exists it only adds a wake-up of the service worker for the public
 * writes. The window flushes everything of the signed-in session:
 *
 * 1. when the app starts;
 * 2. when the browser says the network is back (`online`);
 * 3. when the page becomes visible again (`visibilitychange` to visible: the tablet woke up, the app came to front);
 * 4. every `intervalMs` (30 s) while anything waits, and not at all while nothing does;
 * 5. when the person taps Send now (flushNow).
 *
 * 1, 2, 3 and 5 try at once, past any backoff (someone is looking, or the network just changed), but still honour
 * the server's Retry-After; the timer follows each item's backoff. Returns the function that stops the loop.
 */
export function startQueueSync({ intervalMs = 30_000 }: { intervalMs?: number } = {}): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const run = async (ignoreBackoff: boolean) => {
    clearTimeout(timer);
    timer = undefined;
    try {
      if (!isOffline()) {
        await flushQueue(ALL_KINDS, { ignoreBackoff, endSession });
      }
      if (!stopped && (await anythingWaiting())) schedule();
    } catch (error) {
      // IndexedDB can be unavailable (storage full, private mode in old browsers): try again later.
      console.error("queue sync failed", error);
      schedule();
    }
  };
  const schedule = () => {
    if (stopped || timer !== undefined) return;
    timer = setTimeout(() => void run(false), intervalMs);
  };

  const onOnline = () => void run(true);
  const onVisible = () => {
    if (document.visibilityState === "visible") void run(true);
  };
  window.addEventListener("online", onOnline);
  document.addEventListener("visibilitychange", onVisible);
  const unsubscribe = subscribeQueue((event) => {
    if (event.type === "queued") schedule();
  });
  void run(true);

  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener("online", onOnline);
    document.removeEventListener("visibilitychange", onVisible);
    unsubscribe();
  };
}

async function anythingWaiting(): Promise<boolean> {
  return (await listKept(ALL_KINDS)).some((item) => item.state === "pending");
}

/** Send now: everything of this session that waits, at once (the backoff skipped, the server's Retry-After kept). */
export function flushNow() {
  return flushQueue(ALL_KINDS, { ignoreBackoff: true, endSession });
}
