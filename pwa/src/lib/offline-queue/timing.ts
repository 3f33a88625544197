/**
 * How patient the device queue is. One mutable object so tests can shorten the waits without fake timers
 * (fake-indexeddb schedules its own callbacks on the real timers).
 */
export const queueTiming = {
  /** A phone on one bar of signal can take long; beyond this the attempt counts as a network failure. */
  timeoutMs: 15_000,
  /** A first send with no answer after this long: the form says the booking is kept and lets the person go. */
  slowFirstSendMs: 10_000,
  /** Pauses before the quick retries of the first send, so a brief drop does not queue the booking at all. */
  quickRetryDelaysMs: [600, 1_800] as number[],
  /** The first replay waits this long after a failure, doubled on each further failure... */
  backoffBaseMs: 5_000,
  /** ...up to this cap, so a queued booking is still tried every few minutes. */
  backoffMaxMs: 5 * 60_000,
  /** Pauses before a storage write that failed transiently (Safari's UnknownError, an AbortError) is tried again. */
  storageRetryDelaysMs: [100, 400] as number[],
};

/** When the next replay may start: exponential in the failures so far, never before the server's Retry-After. */
export function nextAttemptDelayMs(attempts: number, retryAfterSeconds: number | null): number {
  const exponent = Math.max(0, attempts - 1);
  const backoff = Math.min(queueTiming.backoffMaxMs, queueTiming.backoffBaseMs * 2 ** exponent);
  return Math.max(backoff, (retryAfterSeconds ?? 0) * 1000);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
