import { useEffect } from "react";
import { markPageHydrated } from "../lib/hydration.ts";

/**
 * Rendered beside the routes, inside their Suspense boundary: its effect runs once that boundary has committed, so
 * on a prerendered page once React has hydrated the page itself (its chunk loaded), not just the frame around it.
 * Then markPageHydrated tells everything that waited for it.
 */
export function PageHydrated() {
  useEffect(markPageHydrated, []);
  return null;
}
