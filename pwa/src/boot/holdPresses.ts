/**
 * A button on a prerendered page has no handler until React has hydrated the part of the page it is in, and React
 * drops a click on a part it has not hydrated yet (the page's chunk may still be loading once the entry has run).
 * So the boot holds every button press from the start: the browser does nothing with it (no form is sent), React
 * never sees it. Once the app says the page has hydrated (`window.__clearflowPageHydrated`, declared in
 * build-constants.d.ts and called by app/PageHydrated.tsx), the last button pressed is pressed again, once: a
 * visitor who tapped twice because nothing happened meant it once, and their latest tap is what they want now.
 * Not imported by the app: a module shared with it would become a chunk of its own, one more request for the boot.
 */
export function holdPressesUntilHydrated(win: Window): void {
  const doc = win.document;
  let pressed: HTMLElement | null = null;
  const hold = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.("button");
    if (!button) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    pressed = button;
  };
  doc.addEventListener("click", hold, { capture: true });
  win.__clearflowPageHydrated = () => {
    win.__clearflowPageHydrated = undefined;
    doc.removeEventListener("click", hold, { capture: true });
    // A node React replaced while hydrating is no longer in the page: pressing it would do nothing.
    if (pressed?.isConnected) pressed.click();
  };
}
