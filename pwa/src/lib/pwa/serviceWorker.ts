import type { Workbox } from "workbox-window";
import { updateReady } from "./updateReady.ts";

export { updateReady };

let workbox: Workbox | null = null;
let registering = false;

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers /sw.js in production builds (a dev server has no worker, and a stale one would confuse it).
 * An update never reloads on its own: it raises `updateReady` and UpdatePrompt asks first, so a half-filled
 * booking form is never lost. workbox-window is loaded here, on demand: the first paint does not need it.
 */
export async function registerServiceWorker({
  enabled = import.meta.env.PROD,
}: { enabled?: boolean } = {}): Promise<void> {
  if (!enabled || registering || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  registering = true;
  const { Workbox } = await import("workbox-window");
  const wb = new Workbox("/sw.js", { scope: "/" });
  workbox = wb;
  // Also fires when a worker was already waiting from an earlier visit.
  wb.addEventListener("waiting", () => updateReady.set(true));
  wb.register().catch((error: unknown) => console.error("Service worker registration failed", error));

  // A single-page app rarely navigates, so look for a new build when the person comes back and once an hour.
  const check = () => void wb.update().catch(() => undefined);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
  setInterval(check, UPDATE_CHECK_MS);
}

/** The Reload button: lets the waiting worker take over, then reloads this tab once it controls it. */
export function applyUpdate(): void {
  if (!workbox) {
    window.location.reload();
    return;
  }
  // Listening only now keeps other tabs (and the first install's clients.claim) from reloading by surprise.
  workbox.addEventListener("controlling", () => window.location.reload());
  workbox.messageSkipWaiting();
}
