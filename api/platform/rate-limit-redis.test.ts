import assert from "node:assert/strict";
import { parseConfig } from "../config.ts";
import { createLimiters, type LimiterFactory } from "../deps.ts";
import { createTestContext, TEST_JWT_SECRET } from "../testing/context.ts";
import { needsService, serviceUrl } from "../testing/services.ts";
import { fixedClock } from "../testing/clock.ts";
import { memoryLogger, silentLogger } from "../testing/log.ts";
import { createRateLimitRedis, createRedisRateLimiter } from "./rate-limit-redis.ts";

const redis = needsService("TEST_REDIS_URL");

type Client = ReturnType<typeof createRateLimitRedis>;

async function connected(client: Client) {
  if (client.status !== "ready") await new Promise((resolve) => client.once("ready", resolve));
  return client;
}

async function forget(client: Client, prefix: string) {
  const keys = await client.keys(`${prefix}:*`);
  if (keys.length) await client.del(...keys);
}

/**
 * Two app instances whose limiters are the ones main.ts builds with REDIS_URL, each with its own client, on one
 * Redis under a prefix of the test's own.
 */
async function twoInstances(env: Record<string, string> = {}) {
  const url = serviceUrl("TEST_REDIS_URL");
  const prefix = `clearflow-test-${crypto.randomUUID()}`;
  const limits = parseConfig({ JWT_SECRET: TEST_JWT_SECRET, ...env }).limits;
  const instance = async () => {
    const client = await connected(createRateLimitRedis(url));
    const make: LimiterFactory = (name, options) =>
      createRedisRateLimiter({ ...options, redis: client, prefix: `${prefix}:${name}:`, log: silentLogger });
    const limiters = createLimiters(limits, fixedClock("2026-03-02T15:00:00.000Z"), make);
    const app = await createTestContext({ env, deps: (deps) => ({ ...deps, limiters }) });
    return { client, app };
  };
  const [a, b] = [await instance(), await instance()];
  return {
    prefix,
    client: a.client,
    appA: a.app,
    appB: b.app,
    async close() {
      await a.app.close();
      await b.app.close();
      await forget(a.client, prefix);
      a.client.disconnect();
      b.client.disconnect();
    },
  };
}

/** One limiter on Redis under a prefix of the test's own, its keys deleted by `close`. */
async function oneLimiter(limit: number) {
  const client = await connected(createRateLimitRedis(serviceUrl("TEST_REDIS_URL")));
  const prefix = `clearflow-test-${crypto.randomUUID()}`;
  const log = silentLogger;
  const limiter = createRedisRateLimiter({ redis: client, limit, windowMs: 60_000, prefix: `${prefix}:`, log });
  return {
    client,
    prefix,
    limiter,
    async close() {
      await forget(client, prefix);
      client.disconnect();
    },
  };
}

const wrongLogin = (n: number) => ({ body: { email: "nobody@test.example", password: `wrong-password-${n}` } });

Deno.test({
  name: "Redis rate limit: failed logins on two app instances add up to one limit",
  ignore: redis.ignore,
  async fn() {
    const { appA, appB, close } = await twoInstances();
    try {
      // 10 failures (the default per-address limit), alternating between the instances: 5 each.
      for (let n = 0; n < 10; n++) {
        const res = await (n % 2 ? appB : appA).request("POST", "/api/auth/login", wrongLogin(n));
        assert.equal(res.status, 401);
      }
      const refusedOnA = await appA.request("POST", "/api/auth/login", wrongLogin(10));
      assert.equal(refusedOnA.status, 429, "A refuses although it saw only 5 failures");
      assert.ok(Number(refusedOnA.headers.get("Retry-After")) > 0);
      const refusedOnB = await appB.request("POST", "/api/auth/login", wrongLogin(11));
      assert.equal(refusedOnB.status, 429);
    } finally {
      await close();
    }
  },
});

Deno.test({
  name: "Redis rate limit: 30 parallel wrong-password logins at a limit of 3 on two instances: 3 are 401, 27 are 429",
  ignore: redis.ignore,
  async fn() {
    const { appA, appB, client, prefix, close } = await twoInstances({ LOGIN_LIMIT_PER_IP: "3" });
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, n) => (n % 2 ? appB : appA).request("POST", "/api/auth/login", wrongLogin(n))),
      );
      const count = (status: number) => answers.filter((res) => res.status === status).length;
      assert.equal(count(401), 3, "password verifications");
      assert.equal(count(429), 27);
      for (const res of answers.filter((r) => r.status === 429)) assert.ok(Number(res.headers.get("Retry-After")) > 0);
      assert.equal(await client.get(`${prefix}:loginPerIp:login:unknown`), "3", "refused attempts are not counted");
    } finally {
      await close();
    }
  },
});

Deno.test({
  name: "Redis rate limit: takes and refuses in one step, in a fixed window, and gives back",
  ignore: redis.ignore,
  async fn() {
    const { client, prefix, limiter, close } = await oneLimiter(3);
    try {
      const burst = await Promise.all(Array.from({ length: 30 }, () => limiter.take("k")));
      assert.equal(burst.filter((t) => t.allowed).length, 3, "3 of 30 parallel takes");
      const refused = burst.find((t) => !t.allowed);
      assert.ok(refused && !refused.allowed && refused.retryAfter > 0 && refused.retryAfter <= 60);
      const ttl = await client.pttl(`${prefix}:k`);
      assert.ok(ttl > 0 && ttl <= 60_000, "the window expires on its own");
      assert.equal((await limiter.take("other")).allowed, true, "keys are counted apart");
      await limiter.giveBack("k");
      assert.deepEqual(await limiter.take("k"), { allowed: true, repeat: false }, "an attempt given back is free");
      assert.equal((await limiter.take("k")).allowed, false);
      assert.ok((await client.pttl(`${prefix}:k`)) <= ttl, "neither a refusal nor a give-back extends the window");
      await limiter.reset("k");
      assert.equal((await limiter.take("k")).allowed, true);
      for (let n = 0; n < 5; n++) await limiter.giveBack("never-taken");
      assert.equal(await client.get(`${prefix}:never-taken`), null, "a give-back creates no count");
    } finally {
      await close();
    }
  },
});

Deno.test({
  name: "Redis rate limit: copies of a repeatable request share one attempt, and are let through past the limit",
  ignore: redis.ignore,
  async fn() {
    const { client, prefix, limiter, close } = await oneLimiter(2);
    const first = { id: "first", keepMs: 120_000 };
    try {
      const copies = await Promise.all(Array.from({ length: 8 }, () => limiter.take("k", first)));
      assert.ok(copies.every((t) => t.allowed));
      assert.equal(copies.filter((t) => t.allowed && !t.repeat).length, 1, "one copy takes the attempt");
      assert.equal((await limiter.take("k", { id: "second", keepMs: 120_000 })).allowed, true);
      assert.equal((await limiter.take("k", { id: "third", keepMs: 120_000 })).allowed, false, "the limit is 2");
      assert.deepEqual(await limiter.take("k", first), { allowed: true, repeat: true }, "a repeat past the limit");
      assert.ok((await client.pttl(`${prefix}:k:held:first`)) > 60_000, "the mark outlives the window");
      await limiter.giveBack("k", first);
      assert.deepEqual(await limiter.take("k", first), { allowed: true, repeat: false }, "given back, it counts again");
    } finally {
      await close();
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
      assert.deepEqual(await limiter.take("k"), { allowed: true, repeat: false }, "let through");
      await limiter.giveBack("k");
    }
    await limiter.reset("k");
    const errors = log.lines.filter((l) => l.level === "error");
    assert.equal(errors.length, 1, "one line per outage, not one per request");
    assert.match(String(errors[0]!.msg), /letting requests through/);
  } finally {
    client.disconnect();
  }
});
