import assert from "node:assert/strict";
import type { Booking } from "../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../contracts/common/wire.ts";
import { TIME_SLOTS } from "../contracts/schedule/dates.ts";
import { createTestContext } from "../testing/context.ts";
import { rowCounts } from "../testing/database.ts";
import { bookingBody } from "../testing/fixtures.ts";

const HOUR_MS = 60 * 60 * 1000;
const CONTACT = {
  name: "Jordan Ellis",
  email: "jordan@example.com",
  phone: "(704) 555-0123",
  service: "Other Services",
};

const statuses = (answers: { status: number }[]) => {
  const count: Record<number, number> = {};
  for (const { status } of answers) count[status] = (count[status] ?? 0) + 1;
  return count;
};

const contactMessage = (n: number) => ({ ...CONTACT, message: `Question number ${n}` });

/** A different free slot on every call (weekdays from 9 March, 13 slots a day). */
function slots() {
  const days = ["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13", "2026-03-15", "2026-03-16"];
  let n = 0;
  return () => {
    const slot = {
      cleaningDate: days[Math.floor(n / TIME_SLOTS.length)]!,
      cleaningTime: TIME_SLOTS[n % TIME_SLOTS.length]!,
    };
    n++;
    return slot;
  };
}

Deno.test("per-client limits: taken before the write, and a repeat of an answered request is answered", async (t) => {
  const ctx = await createTestContext({
    env: { TRUST_PROXY: "true", BOOKING_LIMIT_PER_HOUR: "3", CONTACT_LIMIT_PER_HOUR: "3", MANAGE_LIMIT_PER_HOUR: "2" },
  });
  const nextSlot = slots();
  const book = (ip: string, key?: string, body: unknown = bookingBody(nextSlot())) =>
    ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
      body,
      headers: { "X-Forwarded-For": ip, ...(key === undefined ? {} : { "Idempotency-Key": key }) },
    });
  const bookingRows = async () => (await rowCounts(ctx.sql)).bookings;

  try {
    await t.step("30 contact messages at once from one address at a limit of 3: 3 stored, 27 are 429", async () => {
      const before = await rowCounts(ctx.sql);
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          ctx.request("POST", "/api/contact", { body: contactMessage(i), headers: { "X-Forwarded-For": "192.0.2.1" } }),
        ),
      );
      assert.deepEqual(statuses(answers), { 201: 3, 429: 27 });
      for (const res of answers.filter((a) => a.status === 429)) {
        assert.ok(Number(res.headers.get("Retry-After")) > 0, "Retry-After");
      }
      assert.equal((await rowCounts(ctx.sql)).contact_messages, before.contact_messages + 3);
    });

    await t.step("30 bookings at once from one address at a limit of 3: 3 stored, 27 are 429", async () => {
      const before = await bookingRows();
      const answers = await Promise.all(Array.from({ length: 30 }, () => book("192.0.2.2")));
      assert.deepEqual(statuses(answers), { 201: 3, 429: 27 });
      assert.equal(await bookingRows(), before + 3);
    });

    await t.step("a retry with the same key answers the first result, also once the limit is used up", async () => {
      const ip = "192.0.2.3";
      const firstBody = bookingBody(nextSlot());
      const first = await book(ip, "first", firstBody);
      assert.equal(first.status, 201);
      assert.equal((await book(ip, "second")).status, 201);
      assert.equal((await book(ip, "third")).status, 201);
      assert.equal((await book(ip, "fourth")).status, 429, "the limit is used up");
      const before = await bookingRows();
      const retry = await book(ip, "first", firstBody);
      assert.equal(retry.status, 201);
      assert.deepEqual(retry.body, first.body);
      assert.equal(await bookingRows(), before, "nothing new is stored");
    });

    await t.step("a retry does not use up the limit: the same key sent 5 times costs one booking", async () => {
      const ip = "192.0.2.4";
      const body = bookingBody(nextSlot());
      for (let i = 0; i < 5; i++) assert.equal((await book(ip, "again", body)).status, 201);
      assert.equal((await book(ip, "other-1")).status, 201);
      assert.equal((await book(ip, "other-2")).status, 201);
      assert.equal((await book(ip, "other-3")).status, 429);
    });

    await t.step("8 duplicates at once with one key: all answered 201, one booking, one attempt used", async () => {
      const ip = "192.0.2.5";
      const before = await bookingRows();
      const body = bookingBody(nextSlot());
      const answers = await Promise.all(Array.from({ length: 8 }, () => book(ip, "burst", body)));
      assert.deepEqual(statuses(answers), { 201: 8 });
      assert.equal(new Set(answers.map((a) => a.body.data._id)).size, 1);
      assert.equal(await bookingRows(), before + 1);
      assert.equal((await book(ip)).status, 201);
      assert.equal((await book(ip)).status, 201);
      assert.equal((await book(ip)).status, 429);
    });

    await t.step(
      "a refused request with a key gives its attempt back, and its successful retry counts once",
      async () => {
        const ip = "192.0.2.6";
        const body = bookingBody({ ...nextSlot(), zip: "nope" });
        for (let i = 0; i < 5; i++) assert.equal((await book(ip, "typo", body)).status, 400);
        assert.equal((await book(ip, "typo", bookingBody(nextSlot()))).status, 201);
        assert.equal((await book(ip)).status, 201);
        assert.equal((await book(ip)).status, 201);
        assert.equal((await book(ip)).status, 429);
      },
    );

    await t.step("a contact message's retry with its key is answered past the limit too", async () => {
      const ip = "192.0.2.7";
      const send = (key: string, n: number) =>
        ctx.request("POST", "/api/contact", {
          body: contactMessage(n),
          headers: { "X-Forwarded-For": ip, "Idempotency-Key": key },
        });
      const first = await send("message-1", 1);
      assert.equal(first.status, 201);
      assert.equal((await send("message-2", 2)).status, 201);
      assert.equal((await send("message-3", 3)).status, 201);
      assert.equal((await send("message-4", 4)).status, 429);
      const retry = await send("message-1", 1);
      assert.equal(retry.status, 201);
      assert.deepEqual(retry.body, first.body);
    });

    await t.step("a key does not buy more changes through a manage link, which has no replay", async () => {
      const [row] = await ctx.sql<{ manage_token: string }[]>`
        select manage_token from bookings order by created_at limit 1`;
      const move = (key: string, slot: { cleaningDate: string; cleaningTime: string }) =>
        ctx.request("PUT", `/api/manage/${row!.manage_token}`, {
          body: slot,
          headers: { "X-Forwarded-For": "192.0.2.8", "Idempotency-Key": key },
        });
      const there = nextSlot();
      assert.equal((await move("there", there)).status, 200);
      assert.equal((await move("back", nextSlot())).status, 200);
      // Sent again, "there" would move the booking a third time and mail the customer again.
      assert.equal((await move("there", there)).status, 429);
    });

    await t.step(
      "a retry after the window, when the next window is used up, still answers the first result",
      async () => {
        const ip = "192.0.2.9";
        const firstBody = bookingBody(nextSlot());
        const first = await book(ip, "before-the-hour", firstBody);
        assert.equal(first.status, 201);
        ctx.clock.advance(HOUR_MS + 1);
        for (let i = 0; i < 3; i++) assert.equal((await book(ip)).status, 201);
        assert.equal((await book(ip)).status, 429);
        const retry = await book(ip, "before-the-hour", firstBody);
        assert.equal(retry.status, 201);
        assert.deepEqual(retry.body, first.body);
      },
    );
  } finally {
    await ctx.close();
  }
});
