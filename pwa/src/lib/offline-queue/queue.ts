import { NetworkError, type ApiError } from "../http.ts";
import { isOffline } from "../pwa/online.ts";
import { requestBackgroundSync } from "./backgroundSync.ts";
import { db, type QueueItem, type QueueKind } from "./db.ts";
import { publish } from "./events.ts";
import { newId } from "./ids.ts";
import { BUSY, tryLock, withLock } from "./lock.ts";
import { sendOnce, sessionToken, type Attempt } from "./send.ts";
import { nextAttemptDelayMs, queueTiming, sleep } from "./timing.ts";

/**
 * One kind of write the device keeps until the server has it: the whole of what differs between kinds. The queue
 * (storage, locks, backoff, replay, events) is the same for all; a new kind of offline work is a new policy.
 */
export interface QueuePolicy<P> {
  kind: QueueKind;
  /** The request that carries `payload`. */
  request(payload: P): { method: "POST" | "PUT"; url: string; body: unknown };
  /**
   * A staff write: sent with the session's token, replayed only while someone is signed in (a 401 keeps it for the
   * next login); a person is watching, so it is tried on every flush without backoff, not while offline, and a
   * failed replay holds back the later ones. A public write retries quickly, then backs off exponentially.
   */
  staff: boolean;
  /** Items about one subject replace each other (the newest status of a booking wins); absent: each stands alone. */
  subject?(payload: P): string;
  /** The write carries the version the person saw: a 409 is a conflict for them to resolve, not a failure. */
  versioned: boolean;
}

export type SendResult = { state: "sent"; body: unknown } | { state: "queued"; id: string };

/** How a page follows a first send that is taking long (a hanging connection). */
export interface FirstSendOptions {
  /** Called once the item is stored on the device: from then on nothing the person typed can be lost. */
  onStored?: (id: string) => void;
  /**
   * True once the person has left the page that sent it: the outcome is then told through the queue as for a
   * replay (a refusal stays listed, a delivery is published), not by this call's result alone.
   */
  leftPage?: () => boolean;
  /** Window only: what to do when the server refuses a staff write's token (end the session). */
  endSession?: () => void;
  /**
   * The id of a stored item this write must follow (an approval behind the creation of what it approves): while that
   * item is still on the device, this one is only stored, and a flush sends both in the order they were made.
   */
  after?: string;
}

export interface FlushResult {
  delivered: { item: QueueItem; body: unknown }[];
  /** Refused on replay; kept as 'failed' or 'conflict' until the person dismisses them. */
  failed: QueueItem[];
  /** Still waiting (not due yet, held by another sender, or failed again for lack of network). */
  pending: number;
}

const FLUSH_LOCK = "clearflow-queue-flush";
const itemLock = (id: string) => `clearflow-queue-item:${id}`;

/**
 * Stores the write before the first byte leaves, then sends it with its own Idempotency-Key, so that it arrives
 * exactly once even if the network or the tab dies half-way.
 *
 * - resolves `{ state: 'sent', body }` on a 2xx (nothing is kept);
 * - resolves `{ state: 'queued', id }` when there was no usable answer: the item stays on this device and is
 *   replayed by Background Sync, the window's sync loop, or the next visit;
 * - rejects with the ApiError of a refusal (a 4xx that is not "later"): nothing is kept, the screen shows it.
 */
export async function enqueue<P>(
  policy: QueuePolicy<P>,
  payload: P,
  options: FirstSendOptions = {},
): Promise<SendResult> {
  const item = newItem(policy, payload);
  try {
    await db();
  } catch (error) {
    console.warn("No IndexedDB on this device: sending without the queue", error);
    return sendWithoutQueue(item);
  }
  // Holding the item's lock while it is stored and sent keeps a flush elsewhere from sending it alongside us, and
  // makes a newer write about the same subject wait for the older one's send.
  return withLock(itemLock(item.id), async () => {
    await (await db()).put("queue", item);
    options.onStored?.(item.id);
    const behind = options.after !== undefined && (await (await db()).get("queue", options.after)) !== undefined;
    const attempt =
      (item.staff && isOffline()) || behind ? null : await attemptWithQuickRetries(item, options.endSession);
    return settleFirstSend(item, attempt, options.leftPage?.() ?? false);
  });
}

/** The last createdAt given in this context: items are replayed in createdAt order, so no two may share one. */
let lastCreatedAt = 0;

function newItem<P>(policy: QueuePolicy<P>, payload: P): QueueItem {
  // Two writes in the same millisecond (a signature and the completion it belongs to) keep the order they were made.
  const now = (lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1));
  const subject = policy.subject?.(payload);
  return {
    id: subject === undefined ? newId() : `${policy.kind}:${subject}`,
    kind: policy.kind,
    payload,
    ...policy.request(payload),
    staff: policy.staff,
    versioned: policy.versioned,
    key: newId(),
    state: "pending",
    attempts: 0,
    nextAttemptAt: now,
    serverHoldUntil: 0,
    createdAt: now,
    lastError: null,
    failedStatus: null,
  };
}

/** Nowhere to keep the item: a send that gets no answer fails as a NetworkError, as without the queue. */
async function sendWithoutQueue(item: QueueItem): Promise<SendResult> {
  const attempt = await attemptWithQuickRetries(item);
  if (attempt.outcome === "delivered") return { state: "sent", body: attempt.body };
  if (attempt.outcome === "refused") throw attempt.error;
  throw new NetworkError(new Error(attempt.error));
}

async function attemptWithQuickRetries(item: QueueItem, endSession?: () => void): Promise<Attempt> {
  let attempt = await sendOnce(item, endSession);
  // A staff write is left to the sync loop: its person sees it waiting and can go on.
  const delays = item.staff ? [] : queueTiming.quickRetryDelaysMs;
  for (let i = 0; attempt.outcome === "retry" && i < delays.length; i++) {
    // Offline, or the server asked us to wait: retrying right away cannot help.
    if (isOffline() || attempt.retryAfterSeconds !== null) break;
    await sleep(delays[i]!);
    attempt = await sendOnce(item, endSession);
  }
  return attempt;
}

async function settleFirstSend(item: QueueItem, attempt: Attempt | null, leftPage: boolean): Promise<SendResult> {
  const database = await db();
  if (attempt?.outcome === "delivered") {
    await database.delete("queue", item.id);
    publish(leftPage ? { type: "delivered", item, body: attempt.body } : { type: "settled", item });
    return { state: "sent", body: attempt.body };
  }
  if (attempt?.outcome === "refused") {
    if (leftPage) {
      // Nobody is on the form to read the refusal: it is kept and shown, as a refused replay is.
      const failed = refusedItem(item, attempt.error);
      await database.put("queue", failed);
      publish({ type: "failed", item: failed });
      return { state: "queued", id: item.id };
    }
    await database.delete("queue", item.id);
    publish({ type: "settled", item });
    throw attempt.error;
  }
  // The first send and its quick retries count as one attempt, so the first replay waits the base delay.
  const queued = attempt ? rescheduled(item, attempt, 1) : item;
  await database.put("queue", queued);
  publish({ type: "queued", item: queued });
  if (!item.staff) void requestBackgroundSync();
  return { state: "queued", id: item.id };
}

function rescheduled(item: QueueItem, attempt: Extract<Attempt, { outcome: "retry" }>, attempts: number): QueueItem {
  const now = Date.now();
  return {
    ...item,
    attempts,
    nextAttemptAt: now + nextAttemptDelayMs(attempts, attempt.retryAfterSeconds),
    serverHoldUntil: attempt.retryAfterSeconds ? now + attempt.retryAfterSeconds * 1000 : 0,
    lastError: attempt.error,
  };
}

function refusedItem(item: QueueItem, error: ApiError): QueueItem {
  return {
    ...item,
    state: item.versioned && error.status === 409 ? "conflict" : "failed",
    attempts: item.attempts + 1,
    lastError: error.message,
    failedStatus: error.status,
  };
}

/**
 * Replays every due pending item of `kinds` once, oldest first, each with its stored key (so the server dedupes a
 * repeat), one flush at a time across tabs and the service worker. Staff writes wait while nobody is signed in.
 * `ignoreBackoff`: the network just came back (or the app just started): try now, but still honour the server's
 * Retry-After.
 */
export interface FlushOptions {
  ignoreBackoff?: boolean;
  /** Window only: what to do when the server refuses a staff write's token (end the session). */
  endSession?: () => void;
}

export async function flushQueue(kinds: readonly QueueKind[], options: FlushOptions = {}): Promise<FlushResult> {
  return withLock(FLUSH_LOCK, async () => {
    const result: FlushResult = { delivered: [], failed: [], pending: 0 };
    const signedIn = sessionToken() !== null;
    const heldBack = new Set<QueueKind>();
    for (const candidate of await list(kinds)) {
      if (candidate.state !== "pending" || (candidate.staff && !signedIn)) continue;
      if (heldBack.has(candidate.kind)) {
        result.pending++;
        continue;
      }
      const outcome = await tryLock(itemLock(candidate.id), () => replay(candidate.id, options, result));
      if (outcome === BUSY) result.pending++;
      // An ended session or a dropped network fails every later staff write the same way.
      if (outcome === "hold back") heldBack.add(candidate.kind);
    }
    if (result.pending > 0) void requestBackgroundSync();
    return result;
  });
}

async function replay(id: string, options: FlushOptions, result: FlushResult): Promise<"done" | "hold back"> {
  const database = await db();
  // Re-read under the item's lock: another context may have delivered or rescheduled it meanwhile.
  const item = await database.get("queue", id);
  if (!item || item.state !== "pending") return "done";
  const now = Date.now();
  const due = options.ignoreBackoff || item.staff ? item.serverHoldUntil <= now : item.nextAttemptAt <= now;
  if (!due || isOffline()) {
    result.pending++;
    return item.staff ? "hold back" : "done";
  }
  const attempt = await sendOnce(item, options.endSession);
  switch (attempt.outcome) {
    case "delivered":
      await database.delete("queue", item.id);
      result.delivered.push({ item, body: attempt.body });
      publish({ type: "delivered", item, body: attempt.body });
      return "done";
    case "refused": {
      const failed = refusedItem(item, attempt.error);
      if (!(await replaceIfStillQueued(item, failed))) return "done";
      result.failed.push(failed);
      publish({ type: "failed", item: failed });
      return "done";
    }
    case "retry":
      if (await replaceIfStillQueued(item, rescheduled(item, attempt, item.attempts + 1))) result.pending++;
      return item.staff ? "hold back" : "done";
  }
}

/**
 * Writes back a replayed item only if the queue still holds it: a logout may have cleared the staff writes while
 * the request was out, and the person was told those are gone.
 */
async function replaceIfStillQueued(sent: QueueItem, next: QueueItem): Promise<boolean> {
  const tx = (await db()).transaction("queue", "readwrite");
  const current = await tx.store.get(sent.id);
  const queued = current?.createdAt === sent.createdAt;
  if (queued) await tx.store.put(next);
  await tx.done;
  return queued;
}

/** The items of `kinds` on this device, oldest first: pending, failed and conflicting ones. */
export async function list(kinds: readonly QueueKind[]): Promise<QueueItem[]> {
  const items = await (await db()).getAll("queue");
  return items.filter((item) => kinds.includes(item.kind)).sort((a, b) => a.createdAt - b.createdAt);
}

/** Removes a refused item once the person has seen it. Pending items cannot be dismissed: they may be in flight. */
export async function dismiss(id: string): Promise<void> {
  const database = await db();
  const item = await database.get("queue", id);
  if (!item || item.state === "pending") return;
  await database.delete("queue", id);
  publish({ type: "dismissed", item });
}
