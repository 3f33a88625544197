/** The year the PWA was built (`define` in vite.config.ts): what the prerendered pages' footers say. */
declare const __BUILD_YEAR__: number;

interface Window {
  /** An install offer Chromium made before the app's code ran, kept by the boot module (boot/earlyInstallOffer.ts). */
  __clearflowInstallOffer?: Event;
  /**
   * Set by the boot module while it holds the buttons pressed before the app ran (boot/holdPresses.ts); called by the
   * app once the page's part has hydrated (app/PageHydrated.tsx).
   */
  __clearflowPageHydrated?: () => void;
}
