import type { Channel } from "../channel.ts";

/** A staff notification is worth showing within this long; later it is old news. */
export const PUSH_FRESH_MS = 24 * 3_600_000;

/** Where the worker hands a web push; rejects with NotSent when it must never be retried. */
export interface PushSender {
  send(message: unknown): Promise<void>;
}

/** Web push to staff devices: each row is one device's notification, dropped once it is old news. */
export function pushChannel(sender: PushSender): Channel {
  const batch = {
    drop: (row: { created_at: Date }, now: Date) =>
      Promise.resolve(now.getTime() - row.created_at.getTime() > PUSH_FRESH_MS ? "Too old to notify" : null),
    send: (row: { message: unknown }) => sender.send(row.message),
  };
  return { batch: () => batch };
}
