import { apiErrorOf, type ApiError, readBody } from "../http.ts";
import { outboxTiming } from "./timing.ts";

/** What one POST attempt came to, from the outbox's point of view. */
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

/** POSTs JSON once with the item's Idempotency-Key; never throws. */
export async function postOnce(url: string, payload: unknown, key: string): Promise<Attempt> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), outboxTiming.timeoutMs);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json", "Idempotency-Key": key },
      body: JSON.stringify(payload),
      signal: controller.signal,
      // Never answer a write from any HTTP cache.
      cache: "no-store",
    });
    const body = await readBody(response);
    if (response.ok) return { outcome: "delivered", body };
    const error = apiErrorOf(response, body);
    if (isRetryableStatus(response.status)) {
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
