import { Redis } from "ioredis";
import type { Logger } from "./log.ts";
import type { RateLimiter, Repeatable } from "./rate-limit.ts";

export interface RedisRateLimitOptions {
  /** A client of the caller's (its lifecycle too); see createRateLimitRedis for fitting options. */
  redis: Redis;
  limit: number;
  windowMs: number;
  /** Keys are `${prefix}${key}`, e.g. "clearflow:limit:login:203.0.113.7". */
  prefix: string;
  log: Logger;
}

// One round trip each, and atomic: no other instance's request can count between this one's check and its
// count. The first attempt of a window starts its expiry; a refused attempt is not counted.
// KEYS[1] the count, KEYS[2] (optional) the repeatable request's mark; ARGV limit, window, how long a mark is kept.
// Answers -1 for a repeat, 0 for an attempt taken, else the milliseconds until the window ends.
const TAKE = `
if KEYS[2] and redis.call('EXISTS', KEYS[2]) == 1 then return -1 end
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    ttl = tonumber(ARGV[2])
  end
  return ttl
end
if redis.call('INCR', KEYS[1]) == 1 or redis.call('PTTL', KEYS[1]) < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
if KEYS[2] then redis.call('SET', KEYS[2], '1', 'PX', ARGV[3]) end
return 0`;

// Never below zero, and never a new count without expiry. A give-back after its window ended finds no count, or
// returns one to the next window: either way it errs on the side of letting a request through.
const GIVE_BACK = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
if KEYS[2] then redis.call('DEL', KEYS[2]) end
return 0`;

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

  // Sent by EVALSHA (ioredis loads a script again by itself after a NOSCRIPT): the script text is not sent with every
  // request. The key count goes first: it is one or two.
  const scripts = withLimitScripts(redis);

  const keys = (key: string, repeatable?: Repeatable) =>
    repeatable ? [prefix + key, `${prefix}${key}:held:${repeatable.id}`] : [prefix + key];

  return {
    async take(key, repeatable) {
      const k = keys(key, repeatable);
      try {
        const answer = Number(
          await scripts.limitTake(k.length, ...k, String(limit), String(windowMs), String(repeatable?.keepMs ?? 0)),
        );
        recovered();
        if (answer === -1) return { allowed: true, repeat: true };
        if (answer === 0) return { allowed: true, repeat: false };
        return { allowed: false, retryAfter: Math.max(1, Math.ceil(answer / 1000)) };
      } catch (error) {
        failOpen(error);
        return { allowed: true, repeat: false };
      }
    },
    async giveBack(key, repeatable) {
      const k = keys(key, repeatable);
      try {
        await scripts.limitGiveBack(k.length, ...k);
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

type LimitScripts = Redis & {
  limitTake(...args: (string | number)[]): Promise<unknown>;
  limitGiveBack(...args: (string | number)[]): Promise<unknown>;
};

/** The client with the two scripts defined as commands, once per client (every limiter of an instance shares it). */
function withLimitScripts(redis: Redis): LimitScripts {
  const scripts = redis as LimitScripts;
  if (typeof scripts.limitTake !== "function") {
    redis.defineCommand("limitTake", { lua: TAKE });
    redis.defineCommand("limitGiveBack", { lua: GIVE_BACK });
  }
  return scripts;
}
