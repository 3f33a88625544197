import { defineMessages, formatPlain, type MessageDescriptor, type MessageValues } from "@contracts/i18n/messages.ts";
import type { QueueItem } from "../../lib/offline-queue/db.ts";
import type { QueueState } from "../../lib/pwa/hooks.ts";

type Translate = (message: MessageDescriptor, values?: MessageValues) => string;

/** English without the runtime: the shell's words outside a provider (its tests). */
const english: Translate = (m, values) => formatPlain(m.defaultMessage, values);

const messages = defineMessages({
  justNow: { id: "field.sync.justNow", defaultMessage: "just now" },
  minutes: { id: "field.sync.minutes", defaultMessage: "{minutes} min" },
  hours: { id: "field.sync.hours", defaultMessage: "{hours} h" },
  hoursMinutes: { id: "field.sync.hoursMinutes", defaultMessage: "{hours} h {minutes} min" },
  oneDay: { id: "field.sync.oneDay", defaultMessage: "1 day" },
  days: { id: "field.sync.days", defaultMessage: "{days} days" },
  oldest: { id: "field.sync.oldest", defaultMessage: "oldest {age}", description: "The oldest waiting item's age" },
  waiting: { id: "field.sync.waiting", defaultMessage: "{count} waiting to be sent" },
  cleared: { id: "field.sync.cleared", defaultMessage: "Storage was cleared" },
  refused: { id: "field.sync.refused", defaultMessage: "{count} not sent" },
  allSent: { id: "field.sync.allSent", defaultMessage: "All sent" },
});

/** How long ago, in a few characters: "just now", "12 min", "2 h 5 min", "3 days". */
export function ageText(ms: number, t: Translate = english): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return t(messages.justNow);
  if (minutes < 60) return t(messages.minutes, { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24)
    return minutes % 60 === 0
      ? t(messages.hours, { hours })
      : t(messages.hoursMinutes, { hours, minutes: minutes % 60 });
  const days = Math.floor(hours / 24);
  return days === 1 ? t(messages.oneDay) : t(messages.days, { days });
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
  t: Translate = english,
): { look: SyncLook; text: string; age: string | null } {
  const age = oldestWaitingAt === null ? null : t(messages.oldest, { age: ageText(now - oldestWaitingAt, t) });
  if (waiting > 0) return { look: "waiting", text: t(messages.waiting, { count: waiting }), age };
  if (cleared) return { look: "cleared", text: t(messages.cleared), age: null };
  if (refused > 0) return { look: "refused", text: t(messages.refused, { count: refused }), age: null };
  return { look: "sent", text: t(messages.allSent), age: null };
}

/** What an item is, by its policy's label, else by its kind ("booking-status" → "Booking status"). */
export function itemWhat(item: QueueItem): string {
  if (item.label?.what) return item.label.what;
  const words = item.kind.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
