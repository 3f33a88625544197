import { createStore } from "./store.ts";

/**
 * True once a new service worker is installed and waits for the person to choose to reload. Its own module: the
 * layout's UpdatePrompt reads it on every page, while the worker's code (serviceWorker.ts) loads after first paint.
 */
export const updateReady = createStore(false);
