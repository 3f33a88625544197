import { startTransition, type ReactNode } from "react";
import type { createRoot, hydrateRoot, Root } from "react-dom/client";
import { startPageHydration } from "../lib/hydration.ts";

/**
 * react-dom/client's two ways in, passed by main.tsx: imported there, react-dom's CommonJS wrapper stays where the
 * bundler puts it for the entry, and the entry's gzipped size (the budgets) does not jump by half a kilobyte.
 */
export interface ReactDomClient {
  createRoot: typeof createRoot;
  hydrateRoot: typeof hydrateRoot;
}

/**
 * Starts the app in `container`. A public page's HTML was rendered at build time (src/entry-prerender.tsx): React
 * takes it over as it is, as a transition, so that hydration yields to the browser every few milliseconds instead
 * of holding the main thread for the whole page (total blocking time), and a tap meanwhile hydrates its own part
 * of the page first. Every other address gets the empty shell, rendered here.
 */
export function mountApp(
  container: HTMLElement,
  app: ReactNode,
  client: ReactDomClient,
  { replace = false }: { replace?: boolean } = {},
): Root {
  // `replace`: the HTML is in another language than the one chosen, so there is nothing to take over.
  if (replace) container.replaceChildren();
  if (!container.hasChildNodes()) {
    const root = client.createRoot(container);
    root.render(app);
    return root;
  }
  let root: Root | undefined;
  startPageHydration();
  startTransition(() => {
    root = client.hydrateRoot(container, app);
  });
  return root!;
}
