/**
 * The boot of a page rendered at build time (`clearflow:route-preloads` in vite.config.ts writes it into every
 * prerendered public page instead of the entry script). The page paints from its HTML and CSS alone; the app's code
 * only makes it interactive, so it is fetched once the page has loaded and painted, and never competes with the
 * page's own bytes (its largest image above all) for the first paint.
 */

/** The attributes of the page's boot `<script>` that name what to load. */
export const BOOT_ATTRIBUTES = {
  /** The app's entry, imported last. */
  entry: "data-entry",
  /** The entry's and the page's other chunks, space-separated: fetched beside the entry instead of after it. */
  preload: "data-preload",
} as const;

/** What the boot uses of `window`, and the document's `readyState`. */
export interface BootTarget {
  document: { readyState: DocumentReadyState };
  addEventListener(type: "load" | (typeof REACHING_FOR)[number], listener: () => void, options: { once: true }): void;
  requestAnimationFrame(callback: () => void): void;
  setTimeout(callback: () => void, ms: number): void;
  /** Not in Safari: there the boot starts right after the frame. */
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => void;
}

/** A visitor reaching for a control (the phone menu, the Services list, a field) before the app has started. */
const REACHING_FOR = ["pointerdown", "keydown", "focusin"] as const;

/** The longest the boot waits for an idle moment after the first paint. */
export const IDLE_TIMEOUT_MS = 1000;

/**
 * Runs `start` after the `load` event, past the next frame and then in an idle moment: by then the page has
 * painted its largest element, so the app's download and hydration come after it, in the browser and in
 * Lighthouse's simulation (which charges every request that started before the largest paint it saw). Started right
 * after the frame, one Lighthouse run of three on `/` still charged the entry to the largest paint (2.2 s).
 */
export function afterLoadAndPaint(target: BootTarget, start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  // Someone already reaching for a control does not wait for the load event and an idle moment: the controls that
  // need the app (the phone menu, the Services list) work as soon as it has loaded.
  for (const type of REACHING_FOR) target.addEventListener(type, once, { once: true });
  const whenIdle = () =>
    target.requestIdleCallback ? target.requestIdleCallback(once, { timeout: IDLE_TIMEOUT_MS }) : once();
  const afterPaint = () => target.requestAnimationFrame(() => target.setTimeout(whenIdle, 0));
  if (target.document.readyState === "complete") afterPaint();
  else target.addEventListener("load", afterPaint, { once: true });
}

/** The modules the boot script names: the entry and the chunks to preload beside it. */
export function bootModules(script: Element | null): { entry: string; preload: string[] } | null {
  const entry = script?.getAttribute(BOOT_ATTRIBUTES.entry);
  if (!script || !entry) return null;
  const preload = (script.getAttribute(BOOT_ATTRIBUTES.preload) ?? "").split(/\s+/).filter(Boolean);
  return { entry, preload };
}

/** Fetches the chunks in parallel (`modulepreload`: fetched and parsed, run when the app imports them). */
export function preloadModules(doc: Document, urls: string[]): void {
  for (const url of urls) {
    const link = doc.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = url;
    doc.head.append(link);
  }
}
