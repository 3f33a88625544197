import assert from "node:assert/strict";
import type { JobDetails } from "../../contracts/visit/job.ts";
import type { Availability, Booking } from "../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { ManagedBooking } from "../../contracts/bookings/manage.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { recordingOutbox } from "../../testing/mail.ts";
import { createTestContext, TEST_NOW } from "../../testing/context.ts";
import { rowCounts } from "../../testing/database.ts";
import { bookingBody } from "../../testing/fixtures.ts";

// TEST_NOW is Monday 2 March 2026, 10:00 in New York. Wednesday the 4th is more than 24 hours away, Tuesday the
// 3rd (bookable) is not; Saturday the 7th is closed.
const WEDNESDAY = "2026-03-04";
const THURSDAY = "2026-03-05";
const SATURDAY = "2026-03-07";

const MANAGED_KEYS = [
  "changeDeadline",
  "changeable",
  "city",
  "cleaningDate",
  "cleaningTime",
  "contactNumber",
  "discountAmount",
  "email",
  "estimatedPrice",
  "firstName",
  "homeAddress",
  "lastName",
  "originalPrice",
  "serviceType",
  "state",
  "status",
  "unitCount",
  "visitOver",
  "zip",
];

Deno.test("customer manage API", async (t) => {
  const recorder = recordingOutbox();
  // One place per slot, so that a second booking fills it.
  const ctx = await createTestContext({ env: { SLOT_CAPACITY: "1" }, deps: (d) => ({ ...d, outbox: recorder }) });
  let customers = 0;
  const book = async (overrides: Record<string, unknown> = {}) => {
    const body = bookingBody({ email: `customer${++customers}@example.com`, cleaningDate: WEDNESDAY, ...overrides });
    const res = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const [row] = await ctx.sql<{ manage_token: string }[]>`
      select manage_token from bookings where id = ${res.body.data._id}`;
    return { booking: res.body.data, token: row!.manage_token };
  };
  const get = (token: string) => ctx.request<ManagedBooking>("GET", `/api/manage/${token}`);
  const cancel = (token: string) => ctx.request<DataEnvelope<ManagedBooking>>("POST", `/api/manage/${token}/cancel`);
  const move = (token: string, body: unknown) =>
    ctx.request<DataEnvelope<ManagedBooking>>("PUT", `/api/manage/${token}`, { body });
  const stored = async (id: string) => {
    const [row] = await ctx.sql`
      select status, cleaning_date, cleaning_time, version from bookings where id = ${id}`;
    return { ...row };
  };
  const remaining = async (date: string, time: string) => {
    const res = await ctx.request<Availability>("GET", `/api/availability?date=${date}`);
    return res.body.slots.find((s) => s.time === time)!.remaining;
  };
  const forget = () => {
    ctx.events.events.length = 0;
    recorder.changes.length = 0;
  };
  const nothingSent = () => {
    assert.deepEqual(ctx.events.events, [], "no live event");
    assert.deepEqual(recorder.changes, [], "no e-mail");
  };

  try {
    await t.step("GET shows the booking by its token, without id, token or admin fields", async () => {
      const { booking, token } = await book({ cleaningTime: "9:00 AM" });
      assert.match(token, /^[0-9a-f]{64}$/);
      const res = await get(token);
      assert.equal(res.status, 200);
      assert.deepEqual(Object.keys(res.body).sort(), MANAGED_KEYS);
      const text = JSON.stringify(res.body);
      assert.ok(!text.includes(booking._id) && !text.includes(token), "neither the id nor the token");
      assert.equal(res.body.email, booking.email);
      assert.equal(res.body.cleaningDate, WEDNESDAY);
      assert.equal(res.body.estimatedPrice, booking.estimatedPrice);
      assert.equal(res.body.status, "pending");
      assert.equal(res.body.changeable, true);
      // 9:00 AM EST on Wednesday less 24 hours.
      assert.equal(res.body.changeDeadline, "2026-03-03T14:00:00.000Z");
    });

    await t.step("a random token, the booking id and garbage are 404 for every method", async () => {
      const { booking } = await book({ cleaningTime: "10:00 AM" });
      forget();
      const before = await rowCounts(ctx.sql);
      const randomToken = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) =>
        b.toString(16).padStart(2, "0"),
      ).join("");
      const slot = { cleaningDate: THURSDAY, cleaningTime: "3:00 PM" };
      for (const token of [randomToken, booking._id, "garbage", "%27%20or%201%3D1", randomToken.toUpperCase()]) {
        for (const res of [await get(token), await cancel(token), await move(token, slot)]) {
          assert.equal(res.status, 404, token);
          assert.deepEqual(res.body, { message: MESSAGES.manageNotFound });
        }
      }
      assert.deepEqual(await rowCounts(ctx.sql), before);
      assert.equal((await stored(booking._id)).status, "pending");
      nothingSent();
    });

    await t.step("one booking's token reads and changes only that booking", async () => {
      const mine = await book({ cleaningTime: "11:00 AM" });
      const other = await book({ cleaningTime: "12:00 PM" });
      assert.equal((await get(mine.token)).body.email, mine.booking.email);
      assert.equal((await get(other.token)).body.email, other.booking.email);
      assert.equal((await cancel(mine.token)).status, 200);
      assert.equal((await stored(mine.booking._id)).status, "cancelled");
      assert.deepEqual(await stored(other.booking._id), {
        status: "pending",
        cleaning_date: WEDNESDAY,
        cleaning_time: "12:00 PM",
        version: 1,
      });
    });

    await t.step("within 24 hours of the visit, cancel and move are refused and change nothing", async () => {
      const { booking, token } = await book({ cleaningTime: "1:00 PM" });
      const tomorrow = await book({ cleaningDate: "2026-03-03", cleaningTime: "9:00 AM" });
      forget();
      const before = await stored(booking._id);
      try {
        // Tuesday 1:30 PM in New York: 23 and a half hours before the visit.
        ctx.clock.set("2026-03-03T18:30:00.000Z");
        assert.equal((await get(token)).body.changeable, false);
        for (const res of [
          await cancel(token),
          await move(token, { cleaningDate: THURSDAY, cleaningTime: "1:00 PM" }),
        ]) {
          assert.equal(res.status, 422);
          assert.deepEqual(res.body, { message: MESSAGES.manageTooLate });
        }
      } finally {
        ctx.clock.set(TEST_NOW);
      }
      // A visit tomorrow morning is inside the 24 hours from the start.
      assert.equal((await get(tomorrow.token)).body.changeable, false);
      assert.deepEqual((await cancel(tomorrow.token)).body, { message: MESSAGES.manageTooLate });
      assert.deepEqual(await stored(booking._id), before);
      assert.equal((await stored(tomorrow.booking._id)).status, "pending");
      assert.deepEqual(await ctx.repos.audit.history("booking", booking._id), []);
      nothingSent();
    });

    await t.step(
      "cancel two days ahead: cancelled, audited, live event, e-mail; a second cancel is closed",
      async () => {
        const { booking, token } = await book({ cleaningTime: "2:00 PM" });
        forget();
        assert.equal(await remaining(WEDNESDAY, "2:00 PM"), 0);
        const res = await cancel(token);
        assert.equal(res.status, 200);
        assert.equal(res.body.data.status, "cancelled");
        assert.equal(res.body.data.changeable, false);
        assert.ok(!("_id" in res.body.data));
        assert.equal((await stored(booking._id)).status, "cancelled");
        assert.equal(await remaining(WEDNESDAY, "2:00 PM"), 1, "the place is free again");

        assert.equal(ctx.events.events.length, 1);
        const event = ctx.events.events[0]!;
        assert.equal(event.event, "bookingUpdated");
        assert.equal((event.payload as Booking)._id, booking._id);
        assert.equal((event.payload as Booking).status, "cancelled");
        assert.equal(recorder.changes.length, 1);
        const change = recorder.changes[0]!;
        assert.equal(change.kind, "cancelled");
        assert.ok(change.kind === "cancelled" && change.by === "customer");
        assert.equal(change.booking._id, booking._id);
        assert.equal(change.booking.status, "cancelled");

        const history = await ctx.repos.audit.history("booking", booking._id);
        assert.equal(history.length, 1);
        assert.equal(history[0]!.action, "status");
        assert.equal(history[0]!.adminId, null, "a customer is no admin");
        assert.equal(history[0]!.adminEmail, booking.email);
        assert.deepEqual(history[0]!.changes, { status: { from: "pending", to: "cancelled" } });

        forget();
        for (const again of [
          await cancel(token),
          await move(token, { cleaningDate: THURSDAY, cleaningTime: "2:00 PM" }),
        ]) {
          assert.equal(again.status, 422);
          assert.deepEqual(again.body, { message: MESSAGES.manageClosed });
        }
        assert.equal((await get(token)).status, 200, "the link still shows the cancelled booking");
        nothingSent();
      },
    );

    await t.step("a completed booking is closed", async () => {
      const { booking, token } = await book({ cleaningTime: "3:00 PM" });
      const done = await ctx.asAdmin("PUT", `/api/bookings/${booking._id}/status`, { body: { status: "completed" } });
      assert.equal(done.status, 200);
      assert.deepEqual((await cancel(token)).body, { message: MESSAGES.manageClosed });
      assert.equal((await stored(booking._id)).status, "completed");
    });

    await t.step("move refuses Saturday, too soon, the same slot and a full slot, changing nothing", async () => {
      const { booking, token } = await book({ cleaningTime: "4:00 PM" });
      await book({ cleaningDate: THURSDAY, cleaningTime: "4:00 PM" });
      forget();
      const before = await stored(booking._id);
      const refusals: [unknown, number, string][] = [
        [{ cleaningDate: SATURDAY, cleaningTime: "4:00 PM" }, 422, MESSAGES.saturdayClosed],
        [{ cleaningDate: "2026-03-02", cleaningTime: "4:00 PM" }, 422, MESSAGES.tooSoon],
        [{ cleaningDate: WEDNESDAY, cleaningTime: "4:00 PM" }, 422, MESSAGES.manageSameSlot],
        [{ cleaningDate: THURSDAY, cleaningTime: "4:00 PM" }, 409, MESSAGES.slotFull],
      ];
      for (const [body, status, message] of refusals) {
        const res = await move(token, body);
        assert.equal(res.status, status, JSON.stringify(body));
        assert.deepEqual(res.body, { message });
      }
      // The same answer as a new booking for that date.
      const saturday = await ctx.request("POST", "/api/bookings", { body: bookingBody({ cleaningDate: SATURDAY }) });
      assert.deepEqual(saturday.body, { message: MESSAGES.saturdayClosed });
      assert.deepEqual(await stored(booking._id), before);
      assert.deepEqual(await ctx.repos.audit.history("booking", booking._id), []);
      nothingSent();
    });

    await t.step("malformed move bodies are 400", async () => {
      const { token } = await book({ cleaningTime: "5:00 PM" });
      for (const body of [
        {},
        { cleaningDate: "2026-02-30", cleaningTime: "9:00 AM" },
        { cleaningDate: THURSDAY, cleaningTime: "9:30 AM" },
        { cleaningDate: 20260305, cleaningTime: "9:00 AM" },
        [],
      ]) {
        assert.equal((await move(token, body)).status, 400, JSON.stringify(body));
      }
      const raw = await ctx.request("PUT", `/api/manage/${token}`, {
        rawBody: "{",
        headers: { "Content-Type": "application/json" },
      });
      assert.equal(raw.status, 400);
    });

    await t.step(
      "once the visit's time has come the link shows it read-only, as over, and refuses changes",
      async () => {
        const { booking, token } = await book({ cleaningTime: "8:00 AM" });
        forget();
        try {
          // Wednesday 8:00 AM in New York (EST): the visit is due now.
          ctx.clock.set("2026-03-04T13:00:00.000Z");
          const res = await get(token);
          assert.equal(res.status, 200);
          assert.equal(res.body.visitOver, true);
          assert.equal(res.body.changeable, false);
          assert.equal(res.body.cleaningDate, WEDNESDAY, "the booking is still shown");
          assert.equal((await cancel(token)).status, 422);
          assert.equal((await move(token, { cleaningDate: THURSDAY, cleaningTime: "8:00 AM" })).status, 422);
          ctx.clock.set("2026-03-04T12:59:00.000Z");
          assert.equal((await get(token)).body.visitOver, false, "a minute before, it is not over");
        } finally {
          ctx.clock.set(TEST_NOW);
        }
        assert.equal((await stored(booking._id)).status, "pending");
        nothingSent();
      },
    );

    await t.step("an admin's move keeps the customer's link, and its e-mail carries that same link", async () => {
      const { booking, token } = await book({ cleaningDate: "2026-03-06", cleaningTime: "7:00 AM" });
      forget();
      const res = await ctx.asAdmin("PUT", `/api/bookings/${booking._id}`, {
        body: bookingBody({ ...booking, cleaningDate: "2026-03-06", cleaningTime: "8:00 AM" }),
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const change = recorder.changes[0]!;
      assert.ok(change.kind === "rescheduled");
      assert.equal(change.manageToken, token);
      assert.equal((await get(token)).body.cleaningTime, "8:00 AM", "the first e-mail's link opens the moved visit");
    });

    await t.step("move: new slot, old one freed, confirmed back to pending, prices kept, told to all", async () => {
      const { booking, token } = await book({ cleaningTime: "6:00 PM", serviceType: "dryer-vent-cleaning" });
      const confirmed = await ctx.asAdmin("PUT", `/api/bookings/${booking._id}/status`, {
        body: { status: "confirmed" },
      });
      assert.equal(confirmed.status, 200);
      forget();
      assert.equal(await remaining(THURSDAY, "7:00 PM"), 1);
      assert.equal(await remaining(WEDNESDAY, "6:00 PM"), 0);

      const res = await move(token, { cleaningDate: THURSDAY, cleaningTime: "7:00 PM" });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const moved = res.body.data;
      assert.deepEqual(Object.keys(moved).sort(), MANAGED_KEYS);
      assert.equal(moved.cleaningDate, THURSDAY);
      assert.equal(moved.cleaningTime, "7:00 PM");
      assert.equal(moved.status, "pending", "staff must confirm the new time");
      assert.equal(moved.changeable, true);
      assert.deepEqual(
        [moved.originalPrice, moved.discountAmount, moved.estimatedPrice],
        [booking.originalPrice, booking.discountAmount, booking.estimatedPrice],
      );
      assert.equal(await remaining(WEDNESDAY, "6:00 PM"), 1, "the old place is free");
      assert.equal(await remaining(THURSDAY, "7:00 PM"), 0);

      assert.equal(ctx.events.events.length, 1);
      const event = ctx.events.events[0]!;
      assert.equal(event.event, "bookingUpdated");
      // The staff read adds the visit's records (and the customer's rating) to the booking the event carries.
      const {
        visit: _visit,
        notes: _notes,
        photos: _photos,
        signature: _signature,
        checklist: _checklist,
        estimates: _estimates,
        approvedWork: _approvedWork,
        invoice: _invoice,
        rating: _rating,
        ...read
      } = (await ctx.asAdmin<JobDetails>("GET", `/api/bookings/${booking._id}`)).body;
      assert.deepEqual(event.payload, read, "admins see the booking as it is now");
      assert.equal(recorder.changes.length, 1);
      const change = recorder.changes[0]!;
      assert.ok(change.kind === "rescheduled");
      assert.equal(change.by, "customer");
      assert.equal(change.manageToken, token);
      assert.equal(change.previous.cleaningDate, WEDNESDAY);
      assert.equal(change.previous.status, "confirmed");
      assert.equal(change.booking.cleaningDate, THURSDAY);
      assert.equal(change.booking.status, "pending");

      const [entry] = await ctx.repos.audit.history("booking", booking._id);
      assert.equal(entry!.action, "update");
      assert.equal(entry!.adminId, null);
      assert.equal(entry!.adminEmail, booking.email);
      assert.deepEqual(entry!.changes, {
        cleaningDate: { from: WEDNESDAY, to: THURSDAY },
        cleaningTime: { from: "6:00 PM", to: "7:00 PM" },
        status: { from: "confirmed", to: "pending" },
      });
      assert.equal((await get(token)).body.cleaningDate, THURSDAY, "the same link opens the moved booking");
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("GET /api/manage/{token} reads without taking the row lock", async () => {
  const ctx = await createTestContext({
    deps: (d) => ({
      ...d,
      repos: {
        ...d.repos,
        bookings: {
          ...d.repos.bookings,
          getByManageTokenForUpdate: () => Promise.reject(new Error("a read must not lock the booking")),
        },
      },
    }),
  });
  try {
    const created = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body: bookingBody() });
    const [{ token }] = await ctx.sql<{ token: string }[]>`
      select manage_token as token from bookings where id = ${created.body.data._id}`;
    const res = await ctx.request<ManagedBooking>("GET", `/api/manage/${token}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.cleaningDate, created.body.data.cleaningDate);
  } finally {
    await ctx.close();
  }
});
