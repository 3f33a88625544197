import { useSyncExternalStore } from "react";

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
