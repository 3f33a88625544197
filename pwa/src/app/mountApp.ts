import { startTransition, type ReactNode } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";

/**
 * Starts the app in `container`. A public page's HTML was rendered at build time (src/entry-prerender.tsx): React
 * takes it over as it is, as a transition, so that hydration yields to the browser every few milliseconds instead
 * of holding the main thread for the whole page (total blocking time), and a tap meanwhile hydrates its own part
 * of the page first. Every other address gets the empty shell, rendered here.
 */
export function mountApp(container: HTMLElement, app: ReactNode): Root {
  if (!container.hasChildNodes()) {
    const root = createRoot(container);
    root.render(app);
    return root;
  }
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(container, app);
  });
  return root!;
}
