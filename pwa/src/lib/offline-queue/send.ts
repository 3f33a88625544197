import { apiErrorOf, type ApiError, readBody } from "../http.ts";
import { getToken, getUser } from "../session.ts";
import type { QueueItem } from "./db.ts";
import { isBlob, isStoredBytes } from "./storedBytes.ts";
import { queueTiming } from "./timing.ts";

/** What one attempt came to, from the queue's point of view. */
export type Attempt =
  | { outcome: "delivered"; body: unknown }
  /** No answer, or an answer that says "later": the item stays and is tried again. */
  | { outcome: "retry"; error: string; status: number | null; retryAfterSeconds: number | null }
  /** The server looked at the request and refused it: sending it again would not help. */
  | { outcome: "refused"; error: ApiError };

/** 408 and 429 mean "not now", 5xx means "not our fault": all worth another try with the same key. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

/** The signed-in person's token; none in the service worker, which has no localStorage. */
export function sessionToken(): string | null {
  return typeof localStorage === "undefined" ? null : getToken();
}

/** Who is signed in (their SessionUser _id), the owner of the staff writes made now; none in the service worker. */
export function sessionUserId(): string | null {
  return typeof localStorage === "undefined" ? null : (getUser()?._id ?? null);
}

/**
 * Sends an item once, with its Idempotency-Key (and for a staff write the token of this moment); never throws.
 * `endSession` is called when the server refuses a staff write's token: the window passes it in, so the service
 * worker's bundle carries no session code.
 */
export async function sendOnce(item: QueueItem, endSession?: () => void): Promise<Attempt> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), queueTiming.timeoutMs);
  // Bytes (a photo) go as they are with their own type; an older version's item may still hold a Blob.
  const raw = isStoredBytes(item.body) ? new Blob([item.body.bytes], { type: item.body.type }) : item.body;
  const binary = isBlob(raw);
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Content-Type": binary ? raw.type : "application/json",
    "Idempotency-Key": item.key,
  };
  const token = item.staff ? sessionToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await fetch(item.url, {
      method: item.method,
      headers,
      body: binary ? raw : JSON.stringify(item.body),
      signal: controller.signal,
      // Never answer a write from any HTTP cache.
      cache: "no-store",
    });
    const body = await readBody(response);
    if (response.ok) return { outcome: "delivered", body };
    const error = apiErrorOf(response, body);
    // An ended session: the change waits for the next login (or is cleared by logout).
    if (item.staff && response.status === 401) endSession?.();
    if (isRetryableStatus(response.status) || (item.staff && response.status === 401)) {
      const { message, status, retryAfterSeconds } = error;
      return { outcome: "retry", error: message, status, retryAfterSeconds };
    }
    return { outcome: "refused", error };
  } catch (error) {
    const timedOut = controller.signal.aborted;
    return {
      outcome: "retry",
      error: timedOut ? "The server did not answer in time" : `Network error: ${String(error)}`,
      status: null,
      retryAfterSeconds: null,
    };
  } finally {
    clearTimeout(timer);
  }
}
