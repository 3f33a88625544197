import assert from "node:assert/strict";
import type { Availability, Booking } from "../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { ManagedBooking } from "../../contracts/bookings/manage.ts";
import { TIME_SLOTS } from "../../contracts/schedule/dates.ts";
import { createTestContext } from "../../testing/context.ts";
import { rowCounts } from "../../testing/database.ts";
import { bookingBody } from "../../testing/fixtures.ts";

// TEST_NOW is Monday 2 March 2026 in New York; with a 30-day horizon the last bookable day is Wednesday 1 April.
const LAST_DAY = "2026-04-01";
const PAST_HORIZON = "2026-04-02";
const TOO_FAR = "Please choose a date within the next 30 days";

Deno.test("the booking horizon holds on create, admin edit, customer move and availability", async (t) => {
  const ctx = await createTestContext({ env: { BOOKING_HORIZON_DAYS: "30" } });
  try {
    await t.step("create: the last day is accepted, the next one and the year 9999 refused with 422", async () => {
      const last = await ctx.request("POST", "/api/bookings", { body: bookingBody({ cleaningDate: LAST_DAY }) });
      assert.equal(last.status, 201);
      for (const date of [PAST_HORIZON, "9999-12-31"]) {
        const before = await rowCounts(ctx.sql);
        const res = await ctx.request<{ message: string }>("POST", "/api/bookings", {
          body: bookingBody({ cleaningDate: date }),
        });
        assert.equal(res.status, 422, date);
        assert.equal(res.body.message, TOO_FAR);
        assert.deepEqual(await rowCounts(ctx.sql), before, "nothing written");
      }
    });

    const created = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body: bookingBody() });
    const id = created.body.data._id;

    await t.step("admin edit: moving past the horizon is refused", async () => {
      const res = await ctx.asAdmin<{ message: string }>("PUT", `/api/bookings/${id}`, {
        body: bookingBody({ cleaningDate: PAST_HORIZON }),
      });
      assert.equal(res.status, 422);
      assert.equal(res.body.message, TOO_FAR);
      const ok = await ctx.asAdmin("PUT", `/api/bookings/${id}`, { body: bookingBody({ cleaningDate: LAST_DAY }) });
      assert.equal(ok.status, 200);
    });

    await t.step("customer move: refused past the horizon", async () => {
      const [{ token }] = await ctx.sql<
        { token: string }[]
      >`select manage_token as token from bookings where id = ${id}`;
      const res = await ctx.request<{ message: string }>("PUT", `/api/manage/${token}`, {
        body: { cleaningDate: PAST_HORIZON, cleaningTime: "10:00 AM" },
      });
      assert.equal(res.status, 422);
      assert.equal(res.body.message, TOO_FAR);
      const view = await ctx.request<ManagedBooking>("GET", `/api/manage/${token}`);
      assert.equal(view.body.cleaningDate, LAST_DAY, "the visit stayed where it was");
    });

    await t.step("availability: a day past the horizon is closed with the reason", async () => {
      const res = await ctx.request<Availability>("GET", `/api/availability?date=${PAST_HORIZON}`);
      assert.equal(res.status, 200);
      assert.equal(res.body.closedReason, TOO_FAR);
      assert.deepEqual(
        res.body.slots.map((s) => [s.time, s.remaining]),
        TIME_SLOTS.map((time) => [time, 0]),
        "Thursday's 13 slots, none free",
      );
      const open = await ctx.request<Availability>("GET", `/api/availability?date=${LAST_DAY}`);
      assert.equal(open.body.closedReason, null);
    });

    await t.step("the profile tells the PWA's pickers the horizon", async () => {
      const res = await ctx.request<{ bookingHorizonDays: number }>("GET", "/api/profile");
      assert.equal(res.body.bookingHorizonDays, 30);
    });
  } finally {
    await ctx.close();
  }
});
