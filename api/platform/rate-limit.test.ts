import assert from "node:assert/strict";
import { fixedClock } from "../testing/clock.ts";
import { createMemoryRateLimiter } from "./rate-limit.ts";

const setup = (limit: number) => {
  const clock = fixedClock("2026-03-02T15:00:00.000Z");
  return { clock, limiter: createMemoryRateLimiter({ limit, windowMs: 60_000, clock }) };
};

Deno.test(
  "memory rate limit: 30 parallel takes at a limit of 3 allow 3 and refuse 27 without counting them",
  async () => {
    const { clock, limiter } = setup(3);
    const burst = await Promise.all(Array.from({ length: 30 }, () => limiter.take("k")));
    assert.equal(burst.filter((t) => t.allowed).length, 3);
    assert.ok(burst.slice(3).every((t) => !t.allowed && t.retryAfter === 60));
    clock.advance(30_000);
    assert.deepEqual(
      await limiter.take("k"),
      { allowed: false, retryAfter: 30 },
      "a refusal does not extend the window",
    );
    clock.advance(30_000);
    assert.deepEqual(await limiter.take("k"), { allowed: true, repeat: false }, "a new window");
  },
);

Deno.test("memory rate limit: an attempt given back is free again; reset forgets the key", async () => {
  const { limiter } = setup(1);
  assert.equal((await limiter.take("k")).allowed, true);
  assert.equal((await limiter.take("other")).allowed, true, "keys are counted apart");
  assert.equal((await limiter.take("k")).allowed, false);
  await limiter.giveBack("k");
  assert.equal((await limiter.take("k")).allowed, true);
  await limiter.reset("k");
  assert.equal((await limiter.take("k")).allowed, true);
  await limiter.giveBack("never-taken");
  await limiter.giveBack("never-taken");
  assert.equal((await limiter.take("never-taken")).allowed, true);
  assert.equal((await limiter.take("never-taken")).allowed, false, "a give-back leaves no credit behind");
});

Deno.test(
  "memory rate limit: copies of a repeatable request share one attempt, for as long as it is kept",
  async () => {
    const { clock, limiter } = setup(2);
    const first = { id: "first", keepMs: 10 * 60_000 };
    const copies = await Promise.all(Array.from({ length: 8 }, () => limiter.take("k", first)));
    assert.deepEqual(
      copies.map((t) => t.allowed && t.repeat),
      [false, true, true, true, true, true, true, true],
    );
    assert.equal((await limiter.take("k", { id: "second", keepMs: 10 * 60_000 })).allowed, true);
    assert.equal((await limiter.take("k")).allowed, false, "the limit of 2 is used up");
    assert.deepEqual(await limiter.take("k", first), { allowed: true, repeat: true }, "a repeat past the limit");
    clock.advance(60_000);
    await limiter.take("k");
    await limiter.take("k");
    assert.deepEqual(await limiter.take("k", first), { allowed: true, repeat: true }, "in a later window too");
    clock.advance(10 * 60_000);
    assert.deepEqual(await limiter.take("k", first), { allowed: true, repeat: false }, "forgotten after keepMs");
    await limiter.giveBack("k", first);
    assert.deepEqual(await limiter.take("k", first), { allowed: true, repeat: false }, "given back, it counts again");
  },
);
