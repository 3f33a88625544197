import { type RefObject, useEffect, useRef, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while React hydrates HTML rendered at build time (the first render must then match that HTML), true in
 * every other render, including the one right after hydration: a value the build could not know goes there.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * What a person typed or picked in a build-time form before React took it over: React leaves it on the screen but
 * not in its state, so the form would send those fields empty. Called once, after hydration, with each named text
 * field or select whose value differs from the HTML's, so the form can take it into its state.
 */
export function useTypedBeforeHydration(
  form: RefObject<HTMLFormElement | null>,
  adopt: (name: string, value: string) => void,
): void {
  const adoptOnce = useRef(adopt);
  useEffect(() => {
    for (const field of Array.from(form.current?.elements ?? [])) {
      const named =
        field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement;
      if (named && field.name && changedBeforeHydration(field)) adoptOnce.current(field.name, field.value);
    }
  }, [form]);
}

const TEXT_INPUTS = new Set(["text", "email", "tel", "search", "url", "number"]);

function changedBeforeHydration(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): boolean {
  if (field instanceof HTMLSelectElement) {
    // The option the HTML selected (its `selected` attribute, which is what defaultSelected reflects); with none,
    // the browser's default pick tells nothing.
    const initial = Array.from(field.options).find((option) => option.hasAttribute("selected"));
    return initial !== undefined && !initial.selected;
  }
  if (field instanceof HTMLInputElement && !TEXT_INPUTS.has(field.type)) return false;
  return field.value !== field.defaultValue;
}

let pageHydration: { done: Promise<void>; finish: () => void } | null = null;

/** mountApp, when React takes over HTML rendered at build time: the page is not React's until markPageHydrated. */
export function startPageHydration(): void {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  pageHydration = { done, finish };
}

/**
 * app/PageHydrated.tsx, once the routes' part of the page (its own chunk) has hydrated: what waits in the app
 * (afterPageHydration) goes on, and the boot module lets go of the button presses it held (boot/holdPresses.ts).
 */
export function markPageHydrated(): void {
  pageHydration?.finish();
  pageHydration = null;
  window.__clearflowPageHydrated?.();
}

/**
 * Resolves once the page is React's. A new value for the whole page (the business profile) waits for it: given
 * while the page's own part is still HTML, the part would hydrate with it, fail to match the HTML and be rendered
 * anew, and what a visitor typed into it would be lost.
 */
export function afterPageHydration(): Promise<void> {
  return pageHydration?.done ?? Promise.resolve();
}
