import type { QueueItem } from "./db.ts";

/** What open pages hear about the queue, whichever tab or the service worker made it happen. */
export type OutboxEvent =
  | { type: "queued"; item: QueueItem }
  | { type: "delivered"; item: QueueItem; body: unknown }
  /** Refused on replay: state 'failed' or 'conflict'. */
  | { type: "failed"; item: QueueItem }
  | { type: "dismissed"; item: QueueItem }
  /**
   * A first send ended on the spot (sent, or refused for the form to show) and its item, stored before the send, is
   * gone: a list read meanwhile must read again, or it would show a request as saved that is not.
   */
  | { type: "settled"; item: QueueItem }
  /** Logout or an ended session removed the dashboard's data (and on logout its queued staff writes). */
  | { type: "admin-cleared" };

export type OutboxListener = (event: OutboxEvent) => void;

const CHANNEL_NAME = "outbox";
const listeners = new Set<OutboxListener>();
let channel: BroadcastChannel | null | undefined;

/**
 * One channel object per context, used both to post and to listen: BroadcastChannel skips the posting
 * object, so other contexts hear us through it and our own listeners are called directly, each once.
 */
function sharedChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  if (typeof BroadcastChannel === "undefined") return (channel = null);
  channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (message: MessageEvent<OutboxEvent>) => notifyLocal(message.data);
  return channel;
}

function notifyLocal(event: OutboxEvent): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      console.error("outbox listener failed", error);
    }
  }
}

export function publish(event: OutboxEvent): void {
  notifyLocal(event);
  try {
    sharedChannel()?.postMessage(event);
  } catch (error) {
    // A closed channel or an uncloneable body must not turn a delivered item into a failure.
    console.error("outbox broadcast failed", error);
  }
}

/** Calls `listener` for every outbox event of any tab or the service worker; returns the unsubscribe. */
export function subscribeOutbox(listener: OutboxListener): () => void {
  sharedChannel();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
