import { NetworkError, type ApiError } from "../http.ts";
import { db, type OutboxItem, type OutboxKind } from "./db.ts";
import { publish } from "./events.ts";
import { newId } from "./ids.ts";
import { BUSY, tryLock, withLock } from "./lock.ts";
import { postOnce, type Attempt } from "./send.ts";
import { requestBackgroundSync } from "./backgroundSync.ts";
import { isOffline } from "../pwa/online.ts";
import { nextAttemptDelayMs, outboxTiming, sleep } from "./timing.ts";

export type SendResult = { state: "sent"; body: unknown } | { state: "queued"; id: string };

export interface FlushResult {
  delivered: { item: OutboxItem; body: unknown }[];
  /** Refused on replay; kept in the outbox as 'failed' until the person dismisses them. */
  failed: OutboxItem[];
  /** Still waiting (not due yet, held by another sender, or failed again for lack of network). */
  pending: number;
}

const FLUSH_LOCK = "clearflow-outbox-flush";
const itemLock = (id: string) => `clearflow-outbox-item:${id}`;

/**
 * Sends a public write (booking, contact) so that it arrives exactly once, even if the network or the tab
 * dies half-way. The item is stored before the first byte leaves, then sent with its own Idempotency-Key.
 *
 * - resolves `{ state: 'sent', body }` on a 2xx (the item is gone from the outbox);
 * - resolves `{ state: 'queued', id }` when there was no usable answer after a few quick retries: the item
 *   stays on this device and is replayed by Background Sync, the window's sync loop, or the next visit;
 * - rejects with the ApiError of a refusal (4xx other than 408/429): nothing is kept, the screen shows it.
 */
/** How a page follows a first send that is taking long (issue 13: a hanging connection). */
export interface FirstSendOptions {
  /** Called once the item is stored on the device: from then on nothing the person typed can be lost. */
  onStored?: (id: string) => void;
  /**
   * True once the person has left the page that sent it: the outcome is then told through the outbox as for a
   * replay (a refusal stays listed as failed, a delivery is published), not by this call's result alone.
   */
  leftPage?: () => boolean;
}

export async function enqueueAndSend(
  kind: OutboxKind,
  url: string,
  payload: unknown,
  options: FirstSendOptions = {},
): Promise<SendResult> {
  const now = Date.now();
  const item: OutboxItem = {
    id: newId(),
    kind,
    url,
    payload,
    key: newId(),
    state: "pending",
    attempts: 0,
    nextAttemptAt: now,
    serverHoldUntil: 0,
    createdAt: now,
    lastError: null,
    failedStatus: null,
  };
  try {
    await db();
  } catch (error) {
    console.warn("No IndexedDB on this device: sending without the outbox", error);
    return sendWithoutOutbox(item);
  }
  // Holding the item's lock from before it is stored keeps a flush elsewhere from sending it alongside us.
  const result = await tryLock(itemLock(item.id), async () => {
    await (await db()).put("outbox", item);
    options.onStored?.(item.id);
    return settleFirstSend(item, await attemptWithQuickRetries(item), options.leftPage?.() ?? false);
  });
  if (result === BUSY) throw new Error("unreachable: a fresh outbox id was locked");
  return result;
}

/** Nowhere to keep the item: a send that gets no answer fails as a NetworkError, as without the outbox. */
async function sendWithoutOutbox(item: OutboxItem): Promise<SendResult> {
  const attempt = await attemptWithQuickRetries(item);
  if (attempt.outcome === "delivered") return { state: "sent", body: attempt.body };
  if (attempt.outcome === "refused") throw attempt.error;
  throw new NetworkError(new Error(attempt.error));
}

async function attemptWithQuickRetries(item: OutboxItem): Promise<Attempt> {
  const delays = outboxTiming.quickRetryDelaysMs;
  let attempt: Attempt = await postOnce(item.url, item.payload, item.key);
  for (let i = 0; attempt.outcome === "retry" && i < delays.length; i++) {
    // Offline, or the server asked us to wait: retrying right away cannot help.
    if (isOffline() || attempt.retryAfterSeconds !== null) break;
    await sleep(delays[i]!);
    attempt = await postOnce(item.url, item.payload, item.key);
  }
  return attempt;
}

async function settleFirstSend(item: OutboxItem, attempt: Attempt, leftPage: boolean): Promise<SendResult> {
  const database = await db();
  switch (attempt.outcome) {
    case "delivered":
      await database.delete("outbox", item.id);
      if (leftPage) publish({ type: "delivered", item, body: attempt.body });
      return { state: "sent", body: attempt.body };
    case "refused":
      if (leftPage) {
        // Nobody is on the form to read the refusal: it is kept and shown, as a refused replay is.
        const failed = refusedItem(item, attempt.error);
        await database.put("outbox", failed);
        publish({ type: "failed", item: failed });
        return { state: "queued", id: item.id };
      }
      await database.delete("outbox", item.id);
      throw attempt.error;
    case "retry": {
      // The first send and its quick retries count as one attempt, so the first replay waits the base delay.
      const queued = rescheduled(item, attempt, 1);
      await database.put("outbox", queued);
      publish({ type: "queued", item: queued });
      void requestBackgroundSync();
      return { state: "queued", id: item.id };
    }
  }
}

function rescheduled(item: OutboxItem, attempt: Extract<Attempt, { outcome: "retry" }>, attempts: number): OutboxItem {
  const now = Date.now();
  return {
    ...item,
    attempts,
    nextAttemptAt: now + nextAttemptDelayMs(attempts, attempt.retryAfterSeconds),
    serverHoldUntil: attempt.retryAfterSeconds ? now + attempt.retryAfterSeconds * 1000 : 0,
    lastError: attempt.error,
  };
}

function refusedItem(item: OutboxItem, error: ApiError): OutboxItem {
  return {
    ...item,
    state: "failed",
    attempts: item.attempts + 1,
    lastError: error.message,
    failedStatus: error.status,
  };
}

/**
 * Replays every due pending item once, each with its own stored key (so the server dedupes a repeat),
 * one flush at a time across tabs and the service worker.
 * `ignoreBackoff`: the network just came back (or the app just started): try now, but still honour the
 * server's Retry-After.
 */
export async function flushOutbox(options: { ignoreBackoff?: boolean } = {}): Promise<FlushResult> {
  return withLock(FLUSH_LOCK, async () => {
    const result: FlushResult = { delivered: [], failed: [], pending: 0 };
    const items = await (await db()).getAll("outbox");
    for (const candidate of items.sort((a, b) => a.createdAt - b.createdAt)) {
      if (candidate.state !== "pending") continue;
      const outcome = await tryLock(itemLock(candidate.id), () => replay(candidate.id, options, result));
      if (outcome === BUSY) result.pending++;
    }
    if (result.pending > 0) void requestBackgroundSync();
    return result;
  });
}

async function replay(id: string, options: { ignoreBackoff?: boolean }, result: FlushResult): Promise<void> {
  const database = await db();
  // Re-read under the item's lock: another context may have delivered or rescheduled it meanwhile.
  const item = await database.get("outbox", id);
  if (!item || item.state !== "pending") return;
  const now = Date.now();
  const due = options.ignoreBackoff ? item.serverHoldUntil <= now : item.nextAttemptAt <= now;
  if (!due || isOffline()) {
    result.pending++;
    return;
  }
  const attempt = await postOnce(item.url, item.payload, item.key);
  switch (attempt.outcome) {
    case "delivered":
      await database.delete("outbox", item.id);
      result.delivered.push({ item, body: attempt.body });
      publish({ type: "delivered", item, body: attempt.body });
      return;
    case "refused": {
      const failed = refusedItem(item, attempt.error);
      await database.put("outbox", failed);
      result.failed.push(failed);
      publish({ type: "failed", item: failed });
      return;
    }
    case "retry": {
      await database.put("outbox", rescheduled(item, attempt, item.attempts + 1));
      result.pending++;
      return;
    }
  }
}

/** Everything still on this device, oldest first: pending and failed items. */
export async function listOutbox(): Promise<OutboxItem[]> {
  const items = await (await db()).getAll("outbox");
  return items.sort((a, b) => a.createdAt - b.createdAt);
}

/** Removes a failed item once the person has seen it. Pending items cannot be dismissed: they may be in flight. */
export async function dismissFailed(id: string): Promise<void> {
  const database = await db();
  const item = await database.get("outbox", id);
  if (!item || item.state !== "failed") return;
  await database.delete("outbox", id);
  publish({ type: "dismissed", id });
}
