import { useEffect } from "react";

/**
 * Rendered beside the routes, inside their Suspense boundary: its effect runs once that boundary has committed, so
 * on a prerendered page once React has hydrated the page itself (its chunk loaded), not just the frame around it.
 * Then the boot module lets go of the button presses it held (boot/holdPresses.ts).
 */
export function PageHydrated() {
  useEffect(() => window.__clearflowPageHydrated?.(), []);
  return null;
}
