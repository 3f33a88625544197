import type { Clock } from "./clock.ts";

/**
 * A request that its client may send again (an `Idempotency-Key`): every copy of it shares the one attempt the
 * first copy took, for `keepMs`, however long the counting window is.
 */
export interface Repeatable {
  id: string;
  keepMs: number;
}

/** What `take` answers: an attempt taken (or already held by the same repeatable request), or a refusal. */
export type Taken = { allowed: true; repeat: boolean } | { allowed: false; retryAfter: number };

/** Counts attempts per key in a fixed time window (login failures, bookings per client address). */
export interface RateLimiter {
  /**
   * Checks and counts in one step: takes one attempt for `key` while it is under its limit, else refuses with
   * the seconds until its window ends, counting nothing. Checking and counting apart would let every request of
   * a parallel burst pass the check before the first of them is counted.
   *
   * With `repeatable`, a copy of a request that already holds an attempt is allowed as a repeat, counting
   * nothing and refused by nothing.
   */
  take(key: string, repeatable?: Repeatable): Promise<Taken>;
  /** Returns an attempt `take` counted (one that turned out not to count, e.g. a refused booking). */
  giveBack(key: string, repeatable?: Repeatable): Promise<void>;
  /** Forgets `key`'s count (e.g. after a successful login). */
  reset(key: string): Promise<void>;
}

export interface RateLimitOptions {
  limit: number;
  windowMs: number;
  clock: Clock;
}

/**
 * Fixed-window counter in this process's memory: per instance, which is fine for one instance. Each method
 * checks and changes its maps without awaiting anything, so no other request runs in between.
 */
export function createMemoryRateLimiter({ limit, windowMs, clock }: RateLimitOptions): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  /** `${key}\n${id}` of the repeatable requests holding an attempt, and when each is forgotten. */
  const held = new Map<string, number>();
  const prune = (now: number) => {
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
    for (const [key, until] of held) if (until <= now) held.delete(key);
  };
  const heldKey = (key: string, repeatable: Repeatable) => `${key}\n${repeatable.id}`;

  return {
    take(key, repeatable) {
      const now = clock.now().getTime();
      if (repeatable && (held.get(heldKey(key, repeatable)) ?? 0) > now) {
        return Promise.resolve({ allowed: true, repeat: true });
      }
      // Keeps memory bounded when many addresses come once.
      if (windows.size + held.size > 10_000) prune(now);
      let w = windows.get(key);
      if (!w || w.resetAt <= now) windows.set(key, (w = { count: 0, resetAt: now + windowMs }));
      if (w.count >= limit) return Promise.resolve({ allowed: false, retryAfter: Math.ceil((w.resetAt - now) / 1000) });
      w.count += 1;
      if (repeatable) held.set(heldKey(key, repeatable), now + repeatable.keepMs);
      return Promise.resolve({ allowed: true, repeat: false });
    },
    giveBack(key, repeatable) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count -= 1;
      if (repeatable) held.delete(heldKey(key, repeatable));
      return Promise.resolve();
    },
    reset(key) {
      windows.delete(key);
      return Promise.resolve();
    },
  };
}
