/**
 * Runs `task` once the page has painted and the main thread is idle (at the latest after `timeoutMs`), so work the
 * first paint does not need (service worker registration, the device queue's loop) neither delays nor slows it.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): void {
  const run = () => {
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(task, { timeout: timeoutMs });
    else setTimeout(task, 1);
  };
  if (document.readyState === "complete") run();
  else window.addEventListener("load", run, { once: true });
}
