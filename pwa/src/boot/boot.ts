// The boot module of prerendered public pages (see startAfterLoad.ts). Kept tiny and free of imports from the app,
// so it adds no request and no work before the first paint.
import { keepEarlyInstallOffer } from "./earlyInstallOffer.ts";
import { afterLoadAndPaint, BOOT_ATTRIBUTES, bootModules, preloadModules } from "./startAfterLoad.ts";

keepEarlyInstallOffer(window);
const modules = bootModules(document.querySelector(`script[${BOOT_ATTRIBUTES.entry}]`));
if (modules) {
  afterLoadAndPaint(window, () => {
    preloadModules(document, modules.preload);
    import(/* @vite-ignore */ modules.entry).catch((error: unknown) => console.error("Could not start the app", error));
  });
}
