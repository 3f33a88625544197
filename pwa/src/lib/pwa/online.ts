/** navigator.onLine as a React external store; "online" only means a network interface is up, not the server. */
export function subscribeOnline(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** The one reading of navigator.onLine (the service worker and tests may have no navigator). */
export function isOffline(): boolean {
  return globalThis.navigator?.onLine === false;
}

export function isOnline(): boolean {
  return !isOffline();
}
