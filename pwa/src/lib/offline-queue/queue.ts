import { NetworkError, type ApiError } from "../http.ts";
import { isOffline } from "../pwa/online.ts";
import { requestBackgroundSync } from "./backgroundSync.ts";
import { db, type QueueItem, type QueueItemLabel, type QueueKind } from "./db.ts";
import { publish } from "./events.ts";
import { newId } from "./ids.ts";
import { BUSY, tryLock, withLock } from "./lock.ts";
import { sendOnce, sessionToken, sessionUserId, type Attempt } from "./send.ts";
import { StorageWriteError, writeWithRetries } from "./storageWrite.ts";
import { packBlobs, unpackBlobs } from "./storedBytes.ts";
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
  /** How the staff shell's sync list names it; absent: by its kind. */
  describe?(payload: P): QueueItemLabel;
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
 * - rejects with the ApiError of a refusal (a 4xx that is not "later"): nothing is kept, the screen shows it;
 * - rejects with a StorageWriteError when the device cannot keep a staff write (its quota, or a write that kept
 *   failing after retries) and it cannot go at once either: nothing of it is kept or sent, everything queued before
 *   stays. A visitor's write (or a staff write online with nothing of its kind waiting) is then sent without the
 *   queue, as on a device without IndexedDB.
 */
export async function enqueue<P>(
  policy: QueuePolicy<P>,
  payload: P,
  options: FirstSendOptions = {},
): Promise<SendResult> {
  // Kept as bytes, not Blobs (storedBytes.ts): what is sent is what was stored.
  const made = await packed(newItem(policy, payload));
  let item: QueueItem;
  try {
    item = { ...made, id: await idBesideOthers(made) };
  } catch (error) {
    console.warn("No IndexedDB on this device: sending without the queue", error);
    return sendWithoutQueue(made, options.endSession);
  }
  // Holding the item's lock while it is stored and sent keeps a flush elsewhere from sending it alongside us, and
  // makes a newer write about the same subject wait for the older one's send.
  return withLock(itemLock(item.id), async () => {
    try {
      await writeWithRetries(async () => (await db()).put("queue", item));
    } catch (error) {
      if (!(error instanceof StorageWriteError) || !(await mayGoWithoutQueue(item))) throw error;
      console.warn("This device could not keep the write: sending it without the queue", error);
      return sendWithoutQueue(item, options.endSession);
    }
    options.onStored?.(item.id);
    const behind = options.after !== undefined && (await (await db()).get("queue", options.after)) !== undefined;
    const attempt =
      (item.staff && isOffline()) || behind ? null : await attemptWithQuickRetries(item, options.endSession);
    return settleFirstSend(item, attempt, options.leftPage?.() ?? false);
  });
}

/** The last createdAt given in this context: items are replayed in createdAt order, so no two may share one. */
let lastCreatedAt = 0;

async function packed(item: QueueItem): Promise<QueueItem> {
  const [payload, body] = await packBlobs(item.payload, item.body);
  return { ...item, payload, body };
}

/**
 * Items about one subject replace each other, but only one person's: another staff member's item about it (queued
 * before their logout) keeps its place, and this person's goes beside it under an id of their own.
 */
async function idBesideOthers(item: QueueItem): Promise<string> {
  const database = await db();
  if (!item.staff || !item.id.startsWith(`${item.kind}:`)) return item.id;
  const beside = `${item.id}@${item.owner ?? ""}`;
  // Still beside another person's: the newer write replaces this person's own older one there.
  if (await database.get("queue", beside)) return beside;
  const existing = await database.get("queue", item.id);
  if (!existing?.staff || existing.owner == null || existing.owner === item.owner) return item.id;
  return beside;
}

/** A write the device cannot keep may still go at once: a visitor's, or staff work online that overtakes nothing. */
async function mayGoWithoutQueue(item: QueueItem): Promise<boolean> {
  if (!item.staff) return true;
  if (isOffline()) return false;
  const waiting = await listKept([item.kind]).catch(() => null);
  return waiting !== null && !waiting.some((other) => other.state === "pending");
}

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
    owner: policy.staff ? sessionUserId() : null,
    ...(policy.describe ? { label: policy.describe(payload) } : {}),
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
async function sendWithoutQueue(item: QueueItem, endSession?: () => void): Promise<SendResult> {
  const attempt = await attemptWithQuickRetries(item, endSession);
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
    // Should this fail, the item is sent again with its key and the server answers it with this result.
    await writeWithRetries(() => database.delete("queue", item.id)).catch((error: unknown) =>
      console.error("A delivered item stays queued", error),
    );
    publish(leftPage ? { type: "delivered", item, body: attempt.body } : { type: "settled", item });
    return { state: "sent", body: attempt.body };
  }
  if (attempt?.outcome === "refused") {
    if (leftPage) {
      // Nobody is on the form to read the refusal: it is kept and shown, as a refused replay is.
      const failed = refusedItem(item, attempt.error);
      await writeWithRetries(() => database.put("queue", failed));
      publish({ type: "failed", item: failed });
      return { state: "queued", id: item.id };
    }
    await writeWithRetries(() => database.delete("queue", item.id));
    publish({ type: "settled", item });
    throw attempt.error;
  }
  // The first send and its quick retries count as one attempt, so the first replay waits the base delay.
  const queued = attempt ? rescheduled(item, attempt, 1) : item;
  // Already stored as it was: a failure to write the new schedule loses nothing.
  if (attempt) await writeWithRetries(() => database.put("queue", queued)).catch(() => undefined);
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
 * repeat), one flush at a time across tabs and the service worker. Staff writes wait until their owner is signed in.
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
    // list() holds only this session's items: another person's work waits for their own login.
    const signedIn = sessionToken() !== null;
    const heldBack = new Set<QueueKind>();
    for (const candidate of await listKept(kinds)) {
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
      // Not written (a full device): it stays pending, and its replay gets the same answer (its key) later.
      if (!(await replaceIfStillQueued(item, failed).catch(() => false))) return "done";
      result.failed.push(failed);
      publish({ type: "failed", item: failed });
      return "done";
    }
    case "retry":
      // A device too full to write the new schedule keeps the item as it was: it is only tried again sooner.
      if (await replaceIfStillQueued(item, rescheduled(item, attempt, item.attempts + 1)).catch(() => true))
        result.pending++;
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

/**
 * Whether `item` is this session's to see and send: a public write, the signed-in person's own work, or unowned
 * work. With nobody signed in every item shows (nothing staff is sent then: it needs a token).
 */
const ofThisSession = (item: QueueItem, me: string | null) =>
  !item.staff || item.owner == null || me === null || item.owner === me;

/**
 * The items of `kinds` on this device that belong to this session, oldest first: pending, failed and conflicting
 * ones, with their bytes as Blobs again. Another staff member's work is left out (countOthersWaiting).
 */
export async function list(kinds: readonly QueueKind[]): Promise<QueueItem[]> {
  return (await listKept(kinds)).map((item) => unpackBlobs(item));
}

/** As list(), with the bytes as they are kept (StoredBytes): for counts and sizes, without copying any photo. */
export async function listKept(kinds: readonly QueueKind[]): Promise<QueueItem[]> {
  const me = sessionUserId();
  const items = await (await db()).getAll("queue");
  return items
    .filter((item) => kinds.includes(item.kind) && ofThisSession(item, me))
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** How many staff writes of other people wait on this device for their owner's next login. */
export async function countOthersWaiting(kinds: readonly QueueKind[]): Promise<number> {
  const me = sessionUserId();
  const items = await (await db()).getAll("queue");
  return items.filter((item) => kinds.includes(item.kind) && item.state === "pending" && !ofThisSession(item, me))
    .length;
}

/** Removes a refused item once the person has seen it. Pending items cannot be dismissed: they may be in flight. */
export async function dismiss(id: string): Promise<void> {
  const database = await db();
  const item = await database.get("queue", id);
  if (!item || item.state === "pending") return;
  await database.delete("queue", id);
  publish({ type: "dismissed", item });
}
