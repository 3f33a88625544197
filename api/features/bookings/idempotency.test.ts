import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { createTestContext } from "../../testing/context.ts";
import { rowCounts } from "../../testing/database.ts";
import { bookingBody } from "../../testing/fixtures.ts";

Deno.test("idempotent booking retries", async (t) => {
  const ctx = await createTestContext();
  const post = (key: string | undefined, overrides = {}) =>
    ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
      body: bookingBody(overrides),
      headers: key === undefined ? {} : { "Idempotency-Key": key },
    });

  try {
    await t.step("answers a sequential retry with the first status and body and creates nothing new", async () => {
      const first = await post("retry-1");
      assert.equal(first.status, 201);
      const before = await rowCounts(ctx.sql);
      const retry = await post("retry-1");
      assert.equal(retry.status, 201);
      assert.deepEqual(retry.body, first.body);
      assert.deepEqual(await rowCounts(ctx.sql), before);
      assert.equal(ctx.events.events.filter((e) => e.event === "newBooking").length, 1, "one event only");
    });

    await t.step("answers a retry with its 201 even once its booking and another have filled the slot", async () => {
      // Capacity 2: the retried booking and one more fill the slot; the slot's count must not refuse the retry.
      const slot = { cleaningTime: "2:00 PM" };
      const first = await post("retry-full", slot);
      assert.equal(first.status, 201);
      assert.equal((await post(undefined, { ...slot, email: "second@example.com" })).status, 201);
      assert.equal((await post(undefined, { ...slot, email: "third@example.com" })).status, 409);
      const retry = await post("retry-full", slot);
      assert.equal(retry.status, 201);
      assert.deepEqual(retry.body, first.body);
    });

    await t.step("refuses the same key with a different body with 422", async () => {
      const before = await rowCounts(ctx.sql);
      const res = await post("retry-1", { firstName: "Someone Else" });
      assert.equal(res.status, 422);
      assert.deepEqual(res.body, { message: MESSAGES.idempotencyKeyReused });
      assert.deepEqual(await rowCounts(ctx.sql), before);
    });

    await t.step("keeps keys per route: the same key on contact is a different request", async () => {
      const res = await ctx.request("POST", "/api/contact", {
        body: { name: "Dana", email: "d@example.com", phone: "704-555-0100", service: "Other Services", message: "Hi" },
        headers: { "Idempotency-Key": "retry-1" },
      });
      assert.equal(res.status, 201);
    });

    await t.step("creates only one booking from concurrent duplicates", async () => {
      await ctx.sql`delete from bookings`;
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => post("same-time", { cleaningTime: "1:00 PM" })),
      );
      assert.deepEqual(
        answers.map((a) => a.status),
        Array(8).fill(201),
      );
      const ids = new Set(answers.map((a) => a.body.data._id));
      assert.equal(ids.size, 1);
      const [{ count }] = await ctx.sql<{ count: number }[]>`select count(*)::int as count from bookings`;
      assert.equal(count, 1);
    });

    await t.step("does not store a refusal: a retry after a 422 is evaluated again", async () => {
      const saturday = await post("weekend", { cleaningDate: "2026-03-07" });
      assert.equal(saturday.status, 422);
      const again = await post("weekend", { cleaningDate: "2026-03-07" });
      assert.equal(again.status, 422);
      const [{ count }] = await ctx.sql<{ count: number }[]>`
        select count(*)::int as count from idempotency_keys where key = 'weekend'`;
      assert.equal(count, 0);
    });

    await t.step("refuses an empty or overlong key with 400", async () => {
      assert.equal((await post("")).status, 400);
      assert.equal((await post("k".repeat(201))).status, 400);
      assert.equal((await post("k".repeat(200), { cleaningTime: "4:00 PM" })).status, 201);
    });

    await t.step("books normally without a key, every time", async () => {
      await ctx.sql`delete from bookings`;
      assert.equal((await post(undefined)).status, 201);
      assert.equal((await post(undefined)).status, 201);
      const [{ count }] = await ctx.sql<{ count: number }[]>`select count(*)::int as count from bookings`;
      assert.equal(count, 2);
    });
  } finally {
    await ctx.close();
  }
});
