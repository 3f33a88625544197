import type { ErrorBody } from "@contracts/entities.ts";
import { ApiError } from "../http.ts";
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
    const body = await readJson(response);
    if (response.ok) return { outcome: "delivered", body };
    const message = errorMessage(body, response.status);
    const retryAfterSeconds = parseRetryAfter(response.headers.get("Retry-After"));
    if (isRetryableStatus(response.status)) {
      return { outcome: "retry", error: message, status: response.status, retryAfterSeconds };
    }
    return {
      outcome: "refused",
      error: new ApiError(response.status, message, isErrorBody(body) ? body : null, retryAfterSeconds),
    };
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

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function isErrorBody(body: unknown): body is ErrorBody {
  return typeof body === "object" && body !== null && typeof (body as ErrorBody).message === "string";
}

function errorMessage(body: unknown, status: number): string {
  return isErrorBody(body) ? body.message : `Request failed (${status})`;
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds > 0 ? seconds : null;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  const delta = Math.ceil((date - now) / 1000);
  return delta > 0 ? delta : null;
}
