import assert from "node:assert/strict";
import type { Availability } from "../../contracts/bookings/booking.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { TIME_SLOTS } from "../../contracts/schedule/dates.ts";
import { createTestContext } from "../../testing/context.ts";
import { bookingBody } from "../../testing/fixtures.ts";

Deno.test("availability API", async (t) => {
  const ctx = await createTestContext({ env: { SLOT_CAPACITY: "3" } });
  const availability = (date: string) => ctx.request<Availability>("GET", `/api/availability?date=${date}`);
  try {
    await t.step("lists the 13 slots of an open day with full capacity", async () => {
      const res = await availability("2026-03-03");
      assert.equal(res.status, 200);
      assert.equal(res.body.date, "2026-03-03");
      assert.equal(res.body.closedReason, null);
      assert.deepEqual(
        res.body.slots.map((s) => s.time),
        [...TIME_SLOTS],
      );
      assert.ok(res.body.slots.every((s) => s.capacity === 3 && s.remaining === 3));
      assert.equal(res.headers.get("Cache-Control"), "no-store");
    });

    await t.step("counts bookings against their slot, but not cancelled ones", async () => {
      const post = (email: string) =>
        ctx.request("POST", "/api/bookings", { body: bookingBody({ cleaningTime: "11:00 AM", email }) });
      await post("one@example.com");
      await post("two@example.com");
      const [cancelled] = await ctx.sql<{ id: string }[]>`select id from bookings limit 1`;
      await ctx.asAdmin("PUT", `/api/bookings/${cancelled!.id}/status`, { body: { status: "cancelled" } });
      const res = await availability("2026-03-03");
      const eleven = res.body.slots.find((s) => s.time === "11:00 AM")!;
      assert.equal(eleven.remaining, 2);
      assert.equal(res.body.slots.find((s) => s.time === "10:00 AM")!.remaining, 3);
    });

    await t.step("closes a Saturday with the SPEC's text and no places", async () => {
      const res = await availability("2026-03-07");
      assert.equal(res.status, 200);
      assert.equal(res.body.closedReason, MESSAGES.saturdayClosed);
      assert.deepEqual(
        res.body.slots.map((s) => [s.time, s.remaining]),
        TIME_SLOTS.map((time) => [time, 0]),
        "the week's 13 slots, none free",
      );
    });

    await t.step("closes today and past days as too soon", async () => {
      const res = await availability("2026-03-02");
      assert.equal(res.body.closedReason, MESSAGES.tooSoon);
      assert.deepEqual(
        res.body.slots.map((s) => [s.time, s.remaining]),
        TIME_SLOTS.map((time) => [time, 0]),
        "Monday's 13 slots, none free",
      );
    });

    await t.step("refuses a missing or invalid date with 400", async () => {
      assert.equal((await ctx.request("GET", "/api/availability")).status, 400);
      assert.equal((await availability("2026-02-30")).status, 400);
      assert.equal((await availability("tomorrow")).status, 400);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("a closed day's reason is written in the page's language", async () => {
  const ctx = await createTestContext();
  try {
    const settings = await ctx.asAdmin("PUT", "/api/settings", {
      body: { hours: { sunday: null }, closedDates: [{ from: "2026-11-26", reason: "Thanksgiving" }] },
    });
    assert.equal(settings.status, 200, JSON.stringify(settings.body));
    const reason = async (date: string, headers: Record<string, string>) =>
      (await ctx.request<Availability>("GET", `/api/availability?date=${date}`, { headers })).body.closedReason;
    assert.equal(await reason("2026-03-08", {}), "We're closed on Sundays");
    assert.equal(await reason("2026-03-08", { "Accept-Language": "es" }), "Estamos cerrados los domingos");
    assert.equal(
      await reason("2026-11-26", { "Accept-Language": "es-MX,es;q=0.9" }),
      "Estamos cerrados el 26 de noviembre de 2026 (Thanksgiving)",
    );
    assert.equal(await reason("2026-03-09", { "Accept-Language": "es" }), null);
  } finally {
    await ctx.close();
  }
});
