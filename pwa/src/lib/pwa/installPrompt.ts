import { createStore } from "./store.ts";

/** Chromium's install offer; not in TypeScript's DOM lib. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform: string }>;
}

const offer = createStore<BeforeInstallPromptEvent | null>(null);

/** True while the browser offers to install the app (Chromium only; Safari installs from its Share menu). */
export const installAvailable = {
  get: () => offer.get() !== null,
  subscribe: offer.subscribe,
};

let capturing = false;

/**
 * Keeps the browser's install offer for our own button. Call it at startup: the event can fire before
 * the component that shows the button is mounted.
 */
export function captureInstallPrompt(): void {
  if (capturing || typeof window === "undefined") return;
  capturing = true;
  // A prerendered page loads the app after its `load` event: an offer made before then was kept by its boot module.
  const early = window.__clearflowInstallOffer;
  delete window.__clearflowInstallOffer;
  if (early) offer.set(early as BeforeInstallPromptEvent);
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    offer.set(event as BeforeInstallPromptEvent);
  });
  window.addEventListener("appinstalled", () => offer.set(null));
}

/** Opens the browser's install dialog; an offer can be used once, so it is dropped either way. */
export async function promptInstall(): Promise<"accepted" | "dismissed" | "unavailable"> {
  const event = offer.get();
  if (!event) return "unavailable";
  offer.set(null);
  await event.prompt();
  return (await event.userChoice).outcome;
}
