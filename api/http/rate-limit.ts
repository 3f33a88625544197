import type { Clock } from "./clock.ts";

/** Counts events per key in a time window (login failures per client); Redis can back it later. */
export interface RateLimiter {
  /** Seconds until `key` may try again, or 0 while it is under its limit. */
  retryAfter(key: string): Promise<number>;
  /** Counts one event for `key`. */
  hit(key: string): Promise<void>;
  /** Forgets `key` (e.g. after a successful login). */
  reset(key: string): Promise<void>;
}

export interface RateLimitOptions {
  limit: number;
  windowMs: number;
  clock: Clock;
}

/** Fixed-window counter in this process's memory: per instance, which is fine for one instance. */
export function createMemoryRateLimiter({ limit, windowMs, clock }: RateLimitOptions): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const prune = (now: number) => {
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  };
  return {
    retryAfter(key) {
      const now = clock.now().getTime();
      const w = windows.get(key);
      if (!w || w.resetAt <= now || w.count < limit) return Promise.resolve(0);
      return Promise.resolve(Math.ceil((w.resetAt - now) / 1000));
    },
    hit(key) {
      const now = clock.now().getTime();
      // Keeps memory bounded when many addresses fail once.
      if (windows.size > 10_000) prune(now);
      const w = windows.get(key);
      if (!w || w.resetAt <= now) windows.set(key, { count: 1, resetAt: now + windowMs });
      else w.count += 1;
      return Promise.resolve();
    },
    reset(key) {
      windows.delete(key);
      return Promise.resolve();
    },
  };
}
