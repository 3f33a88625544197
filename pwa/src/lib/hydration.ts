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
