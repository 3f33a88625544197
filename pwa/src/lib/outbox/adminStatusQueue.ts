import type { Booking, BookingStatus, DataEnvelope } from "@contracts/entities.ts";
import { ApiError, NetworkError, request } from "../http.ts";
import { getToken } from "../session.ts";
import { db, type StatusChange } from "./db.ts";
import { publish } from "./events.ts";
import { BUSY, tryLock, withLock } from "./lock.ts";
import { isRetryableStatus } from "./send.ts";
import { isOffline } from "../pwa/online.ts";
import { outboxTiming } from "./timing.ts";

export type StatusChangeResult = { state: "applied"; booking: Booking } | { state: "queued" };

const FLUSH_LOCK = "clearflow-admin-status-flush";
const bookingLock = (bookingId: string) => `clearflow-admin-status:${bookingId}`;

type SendOutcome =
  | { outcome: "applied"; booking: Booking }
  /** No answer, a 5xx, or an ended session (401): keep it for the next replay. */
  | { outcome: "later"; error: string }
  | { outcome: "refused"; error: ApiError };

/**
 * A dashboard status change that survives a dropped connection. Stored first (one entry per booking: a newer
 * change replaces a queued older one), then sent with the version the admin saw.
 *
 * - resolves `{ state: 'applied', booking }` with the server's updated booking;
 * - resolves `{ state: 'queued' }` when offline, on a network failure or 5xx, or when the session ended:
 *   it is replayed on reconnect (window only: the token lives in localStorage);
 * - rejects with ApiError on a refusal (409 stale version, 404, 422): nothing is kept.
 */
export async function enqueueStatusChange(
  bookingId: string,
  status: BookingStatus,
  version: number,
): Promise<StatusChangeResult> {
  // Waits for a replay of the same booking in flight, so the two never race.
  return withLock(bookingLock(bookingId), async () => {
    const change: StatusChange = {
      bookingId,
      status,
      version,
      state: "pending",
      attempts: 0,
      createdAt: Date.now(),
      lastError: null,
      failedStatus: null,
    };
    const database = await db();
    await database.put("admin-status", change);
    const sent = isOffline() ? null : await sendStatus(change);
    if (sent?.outcome === "applied") {
      await database.delete("admin-status", bookingId);
      return { state: "applied", booking: sent.booking };
    }
    if (sent?.outcome === "refused") {
      await database.delete("admin-status", bookingId);
      throw sent.error;
    }
    const queued: StatusChange = { ...change, attempts: sent ? 1 : 0, lastError: sent?.error ?? null };
    await database.put("admin-status", queued);
    publish({ type: "status-queued", change: queued });
    return { state: "queued" };
  });
}

/**
 * Replays the queued status changes with the stored version. A 409 (someone changed the booking since) is
 * kept as 'conflict' with the server's message for the admin to resolve; nothing is overwritten silently.
 * Window only; without a session it does nothing and keeps the queue.
 */
export async function flushStatusChanges(): Promise<{ applied: number; rejected: StatusChange[]; pending: number }> {
  const result = { applied: 0, rejected: [] as StatusChange[], pending: 0 };
  if (typeof localStorage === "undefined" || !getToken()) return result;
  return withLock(FLUSH_LOCK, async () => {
    const changes = await (await db()).getAll("admin-status");
    for (const candidate of changes.sort((a, b) => a.createdAt - b.createdAt)) {
      if (candidate.state !== "pending") continue;
      const stop = await tryLock(bookingLock(candidate.bookingId), () => replay(candidate.bookingId, result));
      if (stop === BUSY) result.pending++;
      // An ended session or a dropped network fails every later change the same way.
      if (stop === true) break;
    }
    return result;
  });
}

/** Replays one change; answers true when the rest of the queue should wait. */
async function replay(
  bookingId: string,
  result: { applied: number; rejected: StatusChange[]; pending: number },
): Promise<boolean> {
  const database = await db();
  const change = await database.get("admin-status", bookingId);
  if (!change || change.state !== "pending") return false;
  if (isOffline()) {
    result.pending++;
    return true;
  }
  const sent = await sendStatus(change);
  switch (sent.outcome) {
    case "applied":
      await database.delete("admin-status", bookingId);
      result.applied++;
      publish({ type: "status-applied", change, booking: sent.booking });
      return false;
    case "refused": {
      const rejected: StatusChange = {
        ...change,
        state: sent.error.status === 409 ? "conflict" : "failed",
        attempts: change.attempts + 1,
        lastError: sent.error.message,
        failedStatus: sent.error.status,
      };
      if (!(await replaceIfStillQueued(change, rejected))) return false;
      result.rejected.push(rejected);
      publish({ type: "status-rejected", change: rejected });
      return false;
    }
    case "later":
      if (await replaceIfStillQueued(change, { ...change, attempts: change.attempts + 1, lastError: sent.error })) {
        result.pending++;
      }
      return true;
  }
}

/**
 * Writes back a replayed change only if the queue still holds it: a logout may have cleared the queue while the
 * request was out, and the admin was told those changes are gone.
 */
async function replaceIfStillQueued(sent: StatusChange, next: StatusChange): Promise<boolean> {
  const tx = (await db()).transaction("admin-status", "readwrite");
  const current = await tx.store.get(sent.bookingId);
  const queued = current?.createdAt === sent.createdAt;
  if (queued) await tx.store.put(next);
  await tx.done;
  return queued;
}

async function sendStatus(change: StatusChange): Promise<SendOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), outboxTiming.timeoutMs);
  try {
    // request() reads the token now, not when the change was queued, and ends the session on a 401.
    const answer = await request<DataEnvelope<Booking>>(
      `/api/bookings/${encodeURIComponent(change.bookingId)}/status`,
      {
        method: "PUT",
        body: { status: change.status, version: change.version },
        auth: true,
        signal: controller.signal,
      },
    );
    return { outcome: "applied", booking: answer.data };
  } catch (error) {
    if (error instanceof NetworkError) return { outcome: "later", error: error.message };
    if (error instanceof ApiError) {
      // After a 401 the admin logs in again and the change is replayed then (or cleared by logout).
      if (error.status === 401 || isRetryableStatus(error.status)) return { outcome: "later", error: error.message };
      return { outcome: "refused", error };
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The queued, conflicting and refused status changes, oldest first, for the dashboard to show. */
export async function listStatusChanges(): Promise<StatusChange[]> {
  const changes = await (await db()).getAll("admin-status");
  return changes.sort((a, b) => a.createdAt - b.createdAt);
}

/** Drops a conflicting or refused change once the admin has seen it (and reloaded the booking). */
export async function dismissStatusChange(bookingId: string): Promise<void> {
  const database = await db();
  const change = await database.get("admin-status", bookingId);
  if (!change || change.state === "pending") return;
  await database.delete("admin-status", bookingId);
  publish({ type: "status-dismissed", bookingId });
}
