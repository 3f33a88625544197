/**
 * Persistent storage: a browser may evict a site's storage under pressure (Chrome the least recently used site
 * first, Safari any site not in persistent mode), and with it the work waiting in the device queue. Asked for when
 * staff sign in; browsers grant it by their own rules (an installed app, a bookmarked site, notifications allowed).
 */
let asked: Promise<boolean> | null = null;

/** Asks once per page that the browser never evict this site's storage; answers whether it is persistent now. */
export function askPersistentStorage(): Promise<boolean> {
  asked ??= (navigator.storage?.persist?.() ?? Promise.resolve(false)).catch(() => false);
  return asked;
}

export type Persistence = "granted" | "not granted" | "unknown";

/** Whether the device keeps this site's storage for good; unknown where the browser cannot say. */
export async function persistence(): Promise<Persistence> {
  const persisted = navigator.storage?.persisted;
  if (typeof persisted !== "function") return "unknown";
  try {
    return (await persisted.call(navigator.storage)) ? "granted" : "not granted";
  } catch {
    return "unknown";
  }
}

/** The staff menu's line about it, and what to do when the browser did not grant it. */
export function persistenceText(state: Persistence): { title: string; detail: string } {
  switch (state) {
    case "granted":
      return {
        title: "Storage: kept on this device",
        detail: "The browser will not clear work waiting to be sent, even when the device runs low on space.",
      };
    case "not granted":
      return {
        title: "Storage: may be cleared by the browser",
        detail:
          "When space runs low the browser may clear work waiting to be sent. Install the app (Add to Home Screen) so the device keeps it.",
      };
    case "unknown":
      return {
        title: "Storage: not known",
        detail: "This browser does not say whether it keeps the app's data. Install the app so it is kept.",
      };
  }
}

/** Tests only: ask again. */
export function resetPersistenceForTests(): void {
  asked = null;
}
