/** navigator.onLine as a React external store; "online" only means a network interface is up, not the server. */
export function subscribeOnline(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

export function isOnline(): boolean {
  return navigator.onLine !== false;
}
