import { endSession } from "../http.ts";
import { subscribeQueue } from "./events.ts";
import { isOffline } from "../pwa/online.ts";
import { ALL_KINDS } from "./db.ts";
import { flushQueue, list } from "./queue.ts";

/**
 * The window's delivery loop, for every browser and above all those without Background Sync (Safari,
 * Firefox): flush at start, when the network comes back, when the page becomes visible again, and every
 * `intervalMs` while anything is waiting. Returns the function that stops it.
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
    if (document.visibilityState === "visible") void run(false);
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
  return (await list(ALL_KINDS)).some((item) => item.state === "pending");
}
