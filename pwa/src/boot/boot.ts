// The boot module of prerendered public pages (see startAfterLoad.ts). Kept tiny and free of imports from the app,
// so it adds no request and no work before the first paint.
import { keepEarlyInstallOffer } from "./earlyInstallOffer.ts";
import { afterLoadAndPaint, BOOT_ATTRIBUTES, bootModules, preloadModules } from "./startAfterLoad.ts";

keepEarlyInstallOffer(window);
const modules = bootModules(document.querySelector(`script[${BOOT_ATTRIBUTES.entry}]`));
if (modules) {
  // A button pressed before the app runs (the phone menu, the Services list) has no handler yet: it is pressed again
  // once the app has mounted, and React hydrates that part first and runs the press.
  let pressed: HTMLElement | null = null;
  const remember = (event: Event) => {
    pressed ??= (event.target as Element | null)?.closest?.("button") ?? null;
  };
  document.addEventListener("click", remember, { capture: true });
  afterLoadAndPaint(window, () => {
    preloadModules(document, modules.preload);
    import(/* @vite-ignore */ modules.entry)
      .then(() => {
        document.removeEventListener("click", remember, { capture: true });
        pressed?.click();
      })
      .catch((error: unknown) => console.error("Could not start the app", error));
  });
}
