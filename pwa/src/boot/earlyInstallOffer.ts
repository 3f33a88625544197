/**
 * Chromium may offer to install the app (`beforeinstallprompt`) before a prerendered page has loaded the app's
 * code. The boot module keeps that offer in `window.__clearflowInstallOffer` (declared in build-constants.d.ts)
 * for lib/pwa/installPrompt.ts, which would otherwise never see it and show no install button. Not imported by the
 * app: a module shared with it would become a chunk of its own, one more request for the boot.
 */
export function keepEarlyInstallOffer(win: Window): void {
  win.addEventListener("beforeinstallprompt", (event) => {
    // The app decides when to offer it, with its own button.
    event.preventDefault();
    win.__clearflowInstallOffer = event;
  });
}
