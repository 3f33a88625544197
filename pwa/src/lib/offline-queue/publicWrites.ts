import type { PublicWriteItem, PublicWriteKind } from "./db.ts";
import {
  dismiss,
  enqueue,
  flushQueue,
  list,
  type FirstSendOptions,
  type FlushResult,
  type QueuePolicy,
  type SendResult,
} from "./queue.ts";

export type { FirstSendOptions, SendResult } from "./queue.ts";
export { queueTiming } from "./timing.ts";

/** A visitor's booking or message, POSTed as typed; every item stands alone and is retried with backoff. */
const publicWrite = (kind: PublicWriteKind, url: string): QueuePolicy<unknown> => ({
  kind,
  request: (payload) => ({ method: "POST", url, body: payload }),
  staff: false,
  versioned: false,
});

const POLICIES: Record<PublicWriteKind, QueuePolicy<unknown>> = {
  booking: publicWrite("booking", "/api/bookings"),
  contact: publicWrite("contact", "/api/contact"),
};
const PUBLIC_KINDS: PublicWriteKind[] = ["booking", "contact"];

/**
 * Sends a public write (booking, contact) so that it arrives exactly once, even if the network or the tab dies
 * half-way (see `enqueue`): 'sent' with the server's body, 'queued' when kept on the device, or the refusal thrown.
 */
export function enqueueAndSend(
  kind: PublicWriteKind,
  payload: unknown,
  options: FirstSendOptions = {},
): Promise<SendResult> {
  return enqueue(POLICIES[kind], payload, options);
}

/** Replays the public writes that are due; the service worker calls it on Background Sync. */
export function flushPublicWrites(options: { ignoreBackoff?: boolean } = {}): Promise<FlushResult> {
  return flushQueue(PUBLIC_KINDS, options);
}

/** Every public write still on this device, oldest first: pending and failed items. */
export async function listPublicWrites(): Promise<PublicWriteItem[]> {
  return (await list(PUBLIC_KINDS)) as PublicWriteItem[];
}

/** Removes a failed item once the person has seen it. Pending items cannot be dismissed: they may be in flight. */
export function dismissFailed(id: string): Promise<void> {
  return dismiss(id);
}
