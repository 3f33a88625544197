import type { QueueItem } from "../../lib/offline-queue/db.ts";
import type { QueueState } from "../../lib/pwa/hooks.ts";

/** How long ago, in a few characters: "just now", "12 min", "2 h 5 min", "3 days". */
export function ageText(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return days === 1 ? "1 day" : `${days} days`;
}

export type SyncLook = "sent" | "waiting" | "refused" | "cleared";

/**
 * The sync state's words: "All sent", or "N waiting to be sent" with the oldest item's age, or what the server
 * refused; and never "All sent" after the browser cleared the storage, where an empty queue proves nothing.
 */
export function syncText(
  { waiting, refused, oldestWaitingAt }: QueueState,
  cleared: boolean,
  now: number,
): { look: SyncLook; text: string; age: string | null } {
  const age = oldestWaitingAt === null ? null : `oldest ${ageText(now - oldestWaitingAt)}`;
  if (waiting > 0) return { look: "waiting", text: `${waiting} waiting to be sent`, age };
  if (cleared) return { look: "cleared", text: "Storage was cleared", age: null };
  if (refused > 0) return { look: "refused", text: `${refused} not sent`, age: null };
  return { look: "sent", text: "All sent", age: null };
}

/** What an item is, by its policy's label, else by its kind ("booking-status" → "Booking status"). */
export function itemWhat(item: QueueItem): string {
  if (item.label?.what) return item.label.what;
  const words = item.kind.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
