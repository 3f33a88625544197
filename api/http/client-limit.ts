import { createMiddleware } from "hono/factory";
import { TooManyRequests } from "../errors.ts";
import { clientIp } from "./client-ip.ts";
import type { AppEnv } from "./env.ts";
import type { RateLimiter } from "./rate-limit.ts";

/**
 * Limits a write per client address: 429 with Retry-After once the address has used up its window, before
 * the body is even validated. Only successful writes count, so a customer fixing a typo is not penalised.
 */
export function limitPerClient(
  limiter: RateLimiter,
  prefix: string,
  trustProxy: boolean,
  methods: readonly string[] = ["POST"],
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!methods.includes(c.req.method)) return await next();
    const key = `${prefix}:${clientIp(c, trustProxy)}`;
    const wait = await limiter.retryAfter(key);
    if (wait > 0) throw new TooManyRequests(wait);
    await next();
    if (c.res.status >= 200 && c.res.status < 300) await limiter.hit(key);
  });
}
