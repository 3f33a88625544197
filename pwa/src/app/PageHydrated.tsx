import { useEffect } from "react";
import { markPageHydrated } from "../lib/hydration.ts";

/**
 * Rendered beside the routes, inside their Suspense boundary: its effect runs once that boundary has committed, so
 * on a prerendered page once React has hydrated the page itself (its chunk loaded), not just the frame around it.
 * Then the boot module lets go of the button presses it held (boot/holdPresses.ts), and what waited for the page to
 * be React's (lib/hydration.ts: afterPageHydration) goes on.
 */
export function PageHydrated() {
  useEffect(() => {
    markPageHydrated();
    window.__clearflowPageHydrated?.();
  }, []);
  return null;
}
