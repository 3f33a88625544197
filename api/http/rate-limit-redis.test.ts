import assert from "node:assert/strict";
import { parseConfig } from "../config.ts";
import { createLimiters, type LimiterFactory } from "../deps.ts";
import { createTestContext, TEST_JWT_SECRET } from "../testing/context.ts";
import { needsService, serviceUrl } from "../testing/services.ts";
import { fixedClock } from "./clock.ts";
import { memoryLogger, silentLogger, type Logger } from "./log.ts";
import { createRateLimitRedis, createRedisRateLimiter } from "./rate-limit-redis.ts";

const redis = needsService("TEST_REDIS_URL");

/** The limiters main.ts builds with REDIS_URL, under a prefix of the test's own. */
function redisLimiters(url: string, prefix: string, log: Logger = silentLogger) {
  const client = createRateLimitRedis(url);
  const make: LimiterFactory = (name, options) =>
    createRedisRateLimiter({ ...options, redis: client, prefix: `${prefix}:${name}:`, log });
  const limits = parseConfig({ JWT_SECRET: TEST_JWT_SECRET }).limits;
  return { client, limiters: createLimiters(limits, fixedClock("2026-03-02T15:00:00.000Z"), make) };
}

async function connected(client: ReturnType<typeof createRateLimitRedis>) {
  if (client.status !== "ready") await new Promise((resolve) => client.once("ready", resolve));
}

Deno.test({
  name: "Redis rate limit: failed logins on two app instances add up to one limit",
  ignore: redis.ignore,
  async fn() {
    const url = serviceUrl("TEST_REDIS_URL");
    const prefix = `clearflow-test-${crypto.randomUUID()}`;
    const a = redisLimiters(url, prefix);
    const b = redisLimiters(url, prefix);
    await Promise.all([connected(a.client), connected(b.client)]);
    const appA = await createTestContext({ deps: (deps) => ({ ...deps, limiters: a.limiters }) });
    const appB = await createTestContext({ deps: (deps) => ({ ...deps, limiters: b.limiters }) });
    try {
      const wrong = (n: number) => ({ body: { email: "nobody@test.example", password: `wrong-password-${n}` } });
      // 10 failures (the default per-address limit), alternating between the instances: 5 each.
      for (let n = 0; n < 10; n++) {
        const res = await (n % 2 ? appB : appA).request("POST", "/api/auth/login", wrong(n));
        assert.equal(res.status, 401);
      }
      const refusedOnA = await appA.request("POST", "/api/auth/login", wrong(10));
      assert.equal(refusedOnA.status, 429, "A refuses although it saw only 5 failures");
      assert.ok(Number(refusedOnA.headers.get("Retry-After")) > 0);
      const refusedOnB = await appB.request("POST", "/api/auth/login", wrong(11));
      assert.equal(refusedOnB.status, 429);
    } finally {
      await appA.close();
      await appB.close();
      const keys = await a.client.keys(`${prefix}:*`);
      if (keys.length) await a.client.del(...keys);
      a.client.disconnect();
      b.client.disconnect();
    }
  },
});

Deno.test({
  name: "Redis rate limit: counts in a fixed window, and reset forgets the key",
  ignore: redis.ignore,
  async fn() {
    const client = createRateLimitRedis(serviceUrl("TEST_REDIS_URL"));
    await connected(client);
    const prefix = `clearflow-test-${crypto.randomUUID()}:`;
    const limiter = createRedisRateLimiter({ redis: client, limit: 3, windowMs: 60_000, prefix, log: silentLogger });
    try {
      for (let n = 0; n < 3; n++) {
        assert.equal(await limiter.retryAfter("k"), 0);
        await limiter.hit("k");
      }
      const wait = await limiter.retryAfter("k");
      assert.ok(wait > 0 && wait <= 60, `retry after ${wait}s`);
      const ttl = await client.pttl(`${prefix}k`);
      assert.ok(ttl > 0 && ttl <= 60_000, "the window expires on its own");
      assert.equal(await limiter.retryAfter("other"), 0, "keys are counted apart");
      await limiter.reset("k");
      assert.equal(await limiter.retryAfter("k"), 0);
    } finally {
      await client.del(`${prefix}k`);
      client.disconnect();
    }
  },
});

Deno.test("Redis rate limit: fails open with one log line when Redis cannot be reached", async () => {
  // Nothing listens on port 1: the client never connects and queues nothing.
  const client = createRateLimitRedis("redis://127.0.0.1:1");
  const log = memoryLogger();
  const limiter = createRedisRateLimiter({ redis: client, limit: 1, windowMs: 60_000, prefix: "x:", log });
  try {
    for (let n = 0; n < 3; n++) {
      await limiter.hit("k");
      assert.equal(await limiter.retryAfter("k"), 0, "let through");
    }
    await limiter.reset("k");
    const errors = log.lines.filter((l) => l.level === "error");
    assert.equal(errors.length, 1, "one line per outage, not one per request");
    assert.match(String(errors[0]!.msg), /letting requests through/);
  } finally {
    client.disconnect();
  }
});
