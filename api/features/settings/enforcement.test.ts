import assert from "node:assert/strict";
import type { Availability, Booking } from "../../contracts/bookings/booking.ts";
import type { DataEnvelope, ErrorBody } from "../../contracts/common/wire.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { TIME_SLOTS } from "../../contracts/schedule/dates.ts";
import { createTestContext, type TestContext } from "../../testing/context.ts";
import { rowCounts } from "../../testing/database.ts";
import { bookingBody } from "../../testing/fixtures.ts";

// TEST_NOW is Monday 2 March 2026, 10:00 in New York.
const TUESDAY = "2026-03-03";
const THURSDAY = "2026-03-05";
const SUNDAY = "2026-03-08";
const MONDAY = "2026-03-09";
const THANKSGIVING = "2026-11-26";

const availability = async (ctx: TestContext, date: string) =>
  (await ctx.request<Availability>("GET", `/api/availability?date=${date}`)).body;

const book = (ctx: TestContext, overrides: Record<string, unknown> = {}) =>
  ctx.request<DataEnvelope<Booking> & ErrorBody>("POST", "/api/bookings", { body: bookingBody(overrides) });

async function change(ctx: TestContext, body: unknown) {
  const res = await ctx.asAdmin("PUT", "/api/settings", { body });
  assert.equal(res.status, 200, JSON.stringify(res.body));
}

/** A refusal: the status, the text, and nothing written. */
async function assertRefused(ctx: TestContext, overrides: Record<string, unknown>, status: number, message: string) {
  const before = await rowCounts(ctx.sql);
  const res = await book(ctx, overrides);
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.equal(res.body.message, message);
  assert.deepEqual(await rowCounts(ctx.sql), before);
}

Deno.test("each setting is enforced by availability, new bookings and every change path", async (t) => {
  const ctx = await createTestContext();
  try {
    await t.step("a closed weekday: 'We're closed on Sundays' from availability and the booking", async () => {
      assert.equal((await availability(ctx, SUNDAY)).closedReason, null, "open by default");
      await change(ctx, { hours: { sunday: null } });
      const day = await availability(ctx, SUNDAY);
      assert.equal(day.closedReason, "We're closed on Sundays");
      assert.deepEqual(
        day.slots.map((s) => [s.time, s.remaining]),
        TIME_SLOTS.map((time) => [time, 0]),
        "the week's slots, none free",
      );
      await assertRefused(ctx, { cleaningDate: SUNDAY }, 422, "We're closed on Sundays");
      // SPEC's Saturday keeps its own text.
      await assertRefused(ctx, { cleaningDate: "2026-03-07" }, 422, MESSAGES.saturdayClosed);
    });

    await t.step("a Saturday opened in the settings can be booked", async () => {
      await change(ctx, { hours: { saturday: { open: "08:00", close: "12:00" } } });
      assert.equal((await book(ctx, { cleaningDate: "2026-03-07", cleaningTime: "8:00 AM" })).status, 201);
      await change(ctx, { hours: { saturday: null } });
    });

    await t.step("a closed date with its reason, and a range", async () => {
      await change(ctx, {
        closedDates: [
          { from: THANKSGIVING, reason: "Thanksgiving" },
          { from: "2026-12-24", to: "2026-12-31", reason: "" },
        ],
      });
      const message = "We're closed on November 26, 2026 (Thanksgiving)";
      assert.equal((await availability(ctx, THANKSGIVING)).closedReason, message);
      await assertRefused(ctx, { cleaningDate: THANKSGIVING }, 422, message);
      await assertRefused(ctx, { cleaningDate: "2026-12-29" }, 422, "We're closed on December 29, 2026");
      assert.equal((await availability(ctx, "2027-01-01")).closedReason, null, "the day after the range is open");
    });

    await t.step("hours: only the day's slots are offered and accepted", async () => {
      await change(ctx, {
        hours: { monday: { open: "09:00", close: "12:00" }, tuesday: { open: "06:00", close: "19:00" } },
      });
      const monday = await availability(ctx, MONDAY);
      assert.deepEqual(
        monday.slots.map((s) => s.time),
        ["9:00 AM", "10:00 AM", "11:00 AM", "12:00 PM"],
      );
      await assertRefused(
        ctx,
        { cleaningDate: MONDAY, cleaningTime: "1:00 PM" },
        422,
        "On Mondays our visits start from 9:00 AM to 12:00 PM. Please choose another time.",
      );
      // 6:00 AM is a slot now (on Tuesdays), so it is no longer malformed.
      assert.equal((await book(ctx, { cleaningDate: TUESDAY, cleaningTime: "6:00 AM" })).status, 201);
      assert.equal((await availability(ctx, TUESDAY)).slots[0]!.time, "6:00 AM");
      // A time no day offers is still refused as malformed.
      assert.equal((await book(ctx, { cleaningDate: TUESDAY, cleaningTime: "5:00 AM" })).status, 400);
    });

    await t.step("capacity: the new number of places per slot", async () => {
      await change(ctx, { slotCapacity: 1 });
      const slot = { cleaningDate: THURSDAY, cleaningTime: "2:00 PM" };
      assert.equal((await book(ctx, slot)).status, 201);
      const full = await availability(ctx, THURSDAY);
      assert.deepEqual(
        full.slots.find((s) => s.time === "2:00 PM"),
        { time: "2:00 PM", capacity: 1, remaining: 0 },
      );
      await assertRefused(ctx, { ...slot, email: "second@example.com" }, 409, MESSAGES.slotFull);
      await change(ctx, { slotCapacity: 2 });
      assert.equal((await book(ctx, { ...slot, email: "second@example.com" })).status, 201);
    });

    await t.step("lead time and horizon", async () => {
      await change(ctx, { leadDays: 3 });
      await assertRefused(ctx, { cleaningDate: TUESDAY }, 422, "Please choose a date at least 3 days from today.");
      assert.equal((await availability(ctx, THURSDAY)).closedReason, null, "Thursday is 3 days ahead");
      await change(ctx, { leadDays: 1, horizonDays: 60 });
      await assertRefused(ctx, { cleaningDate: "2026-05-02" }, 422, "Please choose a date within the next 60 days");
      assert.equal((await availability(ctx, "2026-05-01")).closedReason, null, "the 60th day");
      const profile = await ctx.request<{ bookingHorizonDays: number }>("GET", "/api/profile");
      assert.equal(profile.body.bookingHorizonDays, 60);
      await change(ctx, { horizonDays: 365 });
      await assertRefused(ctx, { cleaningDate: "2027-03-03" }, 422, "Please choose a date within the next 365 days");
    });

    await t.step("service area: a ZIP outside it is refused with the phone to call", async () => {
      await change(ctx, { serviceAreaZips: ["28209", "28203"], profile: { phone: "(704) 555-0177" } });
      await assertRefused(ctx, { zip: "28078" }, 422, "We don't serve 28078 yet — call us at (704) 555-0177");
      assert.equal((await book(ctx, { zip: "28203-1234", cleaningTime: "3:00 PM" })).status, 201);
      await change(ctx, { serviceAreaZips: [] });
      assert.equal((await book(ctx, { zip: "28078", cleaningTime: "4:00 PM" })).status, 201, "empty: everywhere");
    });

    await t.step("every change path: admin edit, status, customer move", async () => {
      const created = await book(ctx, { cleaningDate: THURSDAY, cleaningTime: "10:00 AM", email: "mover@example.com" });
      assert.equal(created.status, 201);
      const id = created.body.data._id;
      const [{ token }] = await ctx.sql<
        { token: string }[]
      >`select manage_token as token from bookings where id = ${id}`;
      await change(ctx, { hours: { sunday: null }, closedDates: [{ from: MONDAY, reason: "Training" }] });

      const edit = await ctx.asAdmin<ErrorBody>("PUT", `/api/bookings/${id}`, {
        body: bookingBody({ cleaningDate: SUNDAY, cleaningTime: "10:00 AM", email: "mover@example.com" }),
      });
      assert.equal(edit.status, 422);
      assert.equal(edit.body.message, "We're closed on Sundays");
      const move = await ctx.request<ErrorBody>("PUT", `/api/manage/${token}`, {
        body: { cleaningDate: MONDAY, cleaningTime: "10:00 AM" },
      });
      assert.equal(move.status, 422);
      assert.equal(move.body.message, "We're closed on March 9, 2026 (Training)");

      // The booking stays where it is: closing its own day later does not block other changes of it.
      await change(ctx, { closedDates: [{ from: THURSDAY }] });
      const status = await ctx.asAdmin<DataEnvelope<Booking>>("PUT", `/api/bookings/${id}/status`, {
        body: { status: "confirmed" },
      });
      assert.equal(status.status, 200);
      const moved = await ctx.request("PUT", `/api/manage/${token}`, {
        body: { cleaningDate: "2026-03-10", cleaningTime: "11:00 AM" },
      });
      assert.equal(moved.status, 200, "a move to an open day still works");
    });
  } finally {
    await ctx.close();
  }
});
