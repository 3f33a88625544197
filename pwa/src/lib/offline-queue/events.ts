import type { QueueItem } from "./db.ts";

/** What open pages hear about the queue, whichever tab or the service worker made it happen. */
export type QueueEvent =
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

export type QueueListener = (event: QueueEvent) => void;

// The old word on purpose: tabs and a service worker of the previous build talk on this channel during an update, and
// a technician's queued work must be heard by both. Never rename it.
const CHANNEL_NAME = "outbox";
const listeners = new Set<QueueListener>();
let channel: BroadcastChannel | null | undefined;

/**
 * One channel object per context, used both to post and to listen: BroadcastChannel skips the posting
 * object, so other contexts hear us through it and our own listeners are called directly, each once.
 */
function sharedChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  if (typeof BroadcastChannel === "undefined") return (channel = null);
  channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (message: MessageEvent<QueueEvent>) => notifyLocal(message.data);
  return channel;
}

function notifyLocal(event: QueueEvent): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      console.error("queue listener failed", error);
    }
  }
}

export function publish(event: QueueEvent): void {
  notifyLocal(event);
  try {
    sharedChannel()?.postMessage(event);
  } catch (error) {
    // A closed channel or an uncloneable body must not turn a delivered item into a failure.
    console.error("queue broadcast failed", error);
  }
}

/** Calls `listener` for every queue event of any tab or the service worker; returns the unsubscribe. */
export function subscribeQueue(listener: QueueListener): () => void {
  sharedChannel();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
