// The boot module of prerendered public pages (see startAfterLoad.ts). Kept tiny and free of imports from the app,
// so it adds no request and no work before the first paint.
import { keepEarlyInstallOffer } from "./earlyInstallOffer.ts";
import { holdPressesUntilHydrated } from "./holdPresses.ts";
import { afterLoadAndPaint, BOOT_ATTRIBUTES, bootModules, preloadModules } from "./startAfterLoad.ts";

/** How long after the entry has run the held presses are let go even if the app has not said it has hydrated. */
const RELEASE_AFTER_ENTRY_MS = 10_000;

keepEarlyInstallOffer(window);
const modules = bootModules(document.querySelector(`script[${BOOT_ATTRIBUTES.entry}]`));
if (modules) {
  holdPressesUntilHydrated(window);
  const release = () => window.__clearflowPageHydrated?.();
  afterLoadAndPaint(window, () => {
    preloadModules(document, modules.preload);
    import(/* @vite-ignore */ modules.entry)
      .then(() => {
        // The app calls __clearflowPageHydrated once the page is its; should it never (an error it recovered from
        // by rendering another page), the buttons must not stay dead.
        setTimeout(release, RELEASE_AFTER_ENTRY_MS);
      })
      .catch((error: unknown) => {
        release();
        console.error("Could not start the app", error);
      });
  });
}
