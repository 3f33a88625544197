import { Redis } from "ioredis";
import type { Logger } from "./log.ts";
import type { RateLimiter } from "./rate-limit.ts";

export interface RedisRateLimitOptions {
  /** A client of the caller's (its lifecycle too); see createRateLimitRedis for fitting options. */
  redis: Redis;
  limit: number;
  windowMs: number;
  /** Keys are `${prefix}${key}`, e.g. "clearflow:limit:login:203.0.113.7". */
  prefix: string;
  log: Logger;
}

// One round trip, atomic: the first hit of a window starts its expiry, later hits only count.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('PTTL', KEYS[1]) < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return count`;

/**
 * A client for limiters: it never queues a command while disconnected, so a limiter answers at once during a
 * Redis outage (and fails open) instead of holding a login until Redis is back.
 */
export function createRateLimitRedis(url: string): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1000,
    retryStrategy: (times: number) => Math.min(100 * times, 2000),
  });
}

/**
 * Fixed-window counter in Redis, shared by every instance on it. It fails open: when Redis cannot answer, the
 * request is let through and one line is logged per outage, so logins keep working while Redis is away (the
 * limit is then not enforced until it is back).
 */
export function createRedisRateLimiter({ redis, limit, windowMs, prefix, log }: RedisRateLimitOptions): RateLimiter {
  let failing = false;
  const failOpen = (error: unknown) => {
    if (!failing) log.error({ msg: "rate limit store unavailable, letting requests through", error: String(error) });
    failing = true;
  };
  const recovered = () => {
    if (failing) log.info({ msg: "rate limit store available again" });
    failing = false;
  };
  redis.on("error", () => {}); // reported through failOpen, once per outage

  return {
    async retryAfter(key) {
      try {
        const [count, ttl] = (await redis
          .multi()
          .get(prefix + key)
          .pttl(prefix + key)
          .exec())!.map(([error, value]) => {
          if (error) throw error;
          return value;
        });
        recovered();
        if (count === null || Number(count) < limit || Number(ttl) <= 0) return 0;
        return Math.ceil(Number(ttl) / 1000);
      } catch (error) {
        failOpen(error);
        return 0;
      }
    },
    async hit(key) {
      try {
        await redis.eval(HIT, 1, prefix + key, String(windowMs));
        recovered();
      } catch (error) {
        failOpen(error);
      }
    },
    async reset(key) {
      try {
        await redis.del(prefix + key);
        recovered();
      } catch (error) {
        failOpen(error);
      }
    },
  };
}
