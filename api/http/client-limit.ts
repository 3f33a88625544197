import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { IDEMPOTENCY_TTL_HOURS } from "../db/idempotency.ts";
import { TooManyRequests } from "../errors.ts";
import { clientIp } from "./client-ip.ts";
import type { AppEnv } from "./env.ts";
import { bodyHash, idempotencyKey } from "./idempotency.ts";
import type { RateLimiter, Repeatable } from "../platform/rate-limit.ts";

const KEEP_MS = IDEMPOTENCY_TTL_HOURS * 60 * 60 * 1000;

/** The request as one the client may send again: its route answers a repeat of its key with the first result. */
function repeatableOf(c: Context<AppEnv>): Repeatable | undefined {
  // 400 for a key the route would refuse too, before an attempt is taken for it.
  const key = idempotencyKey(c);
  if (key === null) return undefined;
  // A fingerprint of the key, of fixed length, keeps the client's text out of the limiter's store.
  return { id: bodyHash(key), keepMs: KEEP_MS };
}

export interface ClientLimitOptions {
  /** The methods that count; others pass. */
  methods?: readonly string[];
  /**
   * The route's write runs through the idempotency store (`idempotency.run`): a repeat of an answered key writes
   * nothing there, so it needs no attempt of its own. Elsewhere a repeated key would do its write again, so a key
   * buys nothing and every request counts.
   */
  replaysRepeats?: boolean;
}

/**
 * Limits a write per client address: 429 with Retry-After once the address has used up its window, before
 * the body is even validated. The attempt is taken up front, so a burst cannot pass the check all at once, and
 * given back unless the write succeeds, so a customer fixing a typo is not penalised. A repeat of a request
 * with its `Idempotency-Key` shares the first one's attempt: a phone retrying a booking whose answer it lost
 * gets that answer, also once the limit is used up.
 */
export function limitPerClient(
  limiter: RateLimiter,
  prefix: string,
  trustProxy: boolean,
  { methods = ["POST"], replaysRepeats = false }: ClientLimitOptions = {},
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!methods.includes(c.req.method)) return await next();
    const key = `${prefix}:${clientIp(c, trustProxy)}`;
    const repeatable = replaysRepeats ? repeatableOf(c) : undefined;
    const taken = await limiter.take(key, repeatable);
    if (!taken.allowed) throw new TooManyRequests(taken.retryAfter);
    // The first copy's attempt stands for it; if that copy fails, it gives the attempt back itself.
    if (taken.repeat) return await next();
    let succeeded = false;
    try {
      await next();
      succeeded = c.res.status >= 200 && c.res.status < 300;
    } finally {
      if (!succeeded) await limiter.giveBack(key, repeatable);
    }
  });
}
