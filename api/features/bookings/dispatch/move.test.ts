import assert from "node:assert/strict";
import type { AuditEntry } from "../../../contracts/audit/audit.ts";
import type { Booking } from "../../../contracts/bookings/booking.ts";
import type { MoveRefusal } from "../../../contracts/schedule/board.ts";
import type { DataEnvelope } from "../../../contracts/common/wire.ts";
import { createTestContext, type TestContext } from "../../../testing/context.ts";
import { bookingBody } from "../../../testing/fixtures.ts";
import { addStaff } from "../../../testing/staff.ts";

type Answer = DataEnvelope<Booking> & Partial<MoveRefusal> & { current?: Booking };

const book = async (ctx: TestContext, overrides: Record<string, unknown> = {}) =>
  (await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body: bookingBody(overrides) })).body.data;

const move = (ctx: TestContext, booking: Booking, to: { technicianId: string | null; date?: string; time?: string }) =>
  ctx.asAdmin<Answer>("POST", `/api/bookings/${booking._id}/move`, {
    body: {
      technicianId: to.technicianId,
      date: to.date ?? booking.cleaningDate,
      time: to.time ?? booking.cleaningTime,
      expectedVersion: booking.version,
    },
  });

/** The customer's e-mails with a calendar file (the receipt, then each change), with the file's SEQUENCE. */
async function customerChanges(ctx: TestContext, booking: Booking) {
  const rows = await ctx.sql<{ message: unknown }[]>`
    select message from outbox where booking_id = ${booking._id} and to_address = ${booking.email}
      and kind in ('booking-received', 'booking-confirmed', 'booking-rescheduled', 'booking-cancelled')
    order by created_at, id`;
  const compose = ctx.outbox.composer();
  return await Promise.all(
    rows.map(async (r) => {
      const mail = await compose(r.message as never);
      const sequence = /SEQUENCE:(\d+)/.exec(JSON.stringify(mail))?.[1];
      return { subject: mail.subject, sequence: sequence === undefined ? null : Number(sequence) };
    }),
  );
}

Deno.test("move: technician, date and time in one change, refused in words when the day cannot take it", async (t) => {
  // Three to a slot, so the technician's own rules answer before the slot's capacity does.
  const ctx = await createTestContext({ env: { SLOT_CAPACITY: "3" } });
  try {
    const ana = await addStaff(ctx, "Ana Tech");
    const bob = await addStaff(ctx, "Bob Tech");
    // Tuesday March 3, 2026: Mei Chen's dryer vent (45 minutes) at 9:00.
    let mei = await book(ctx, { firstName: "Mei", lastName: "Chen", serviceType: "dryer-vent-cleaning", unitCount: 1 });
    // Two units of duct cleaning: 75 + 15 = 90 minutes.
    let duct = await book(ctx, { firstName: "Raj", lastName: "Patel", email: "raj@example.com" });

    await t.step("giving an unassigned job to a technician: one audit entry, no customer e-mail, live", async () => {
      ctx.events.events.length = 0;
      const res = await move(ctx, mei, { technicianId: ana.member._id });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.data.technicianId, ana.member._id);
      assert.equal(res.body.data.version, mei.version + 1);
      mei = res.body.data;
      assert.deepEqual(
        (await customerChanges(ctx, mei)).map((m) => m.subject.split(":")[0]),
        ["Booking received"],
        "the receipt alone",
      );
      const history = await ctx.asAdmin<AuditEntry[]>("GET", `/api/bookings/${mei._id}/history`);
      assert.equal(history.body.length, 1);
      assert.deepEqual(
        ctx.events.events.map((e) => e.event),
        ["jobAssigned", "bookingUpdated"],
      );
    });

    await t.step("overlap: the technician already has a job then", async () => {
      const res = await move(ctx, duct, { technicianId: ana.member._id });
      assert.equal(res.status, 409);
      assert.deepEqual(res.body, {
        message: "Ana Tech has Mei Chen's dryer vent until 9:45 AM",
        conflict: { kind: "overlap", bookingId: mei._id },
      });
    });

    await t.step("travel: the drive from the previous job does not fit", async () => {
      // Raleigh is about 130 miles from Charlotte: far more than the 15 minutes after 9:45.
      const far = await book(ctx, {
        firstName: "Far",
        zip: "27601",
        cleaningTime: "10:00 AM",
        email: "far@example.com",
      });
      const res = await move(ctx, far, { technicianId: ana.member._id });
      assert.equal(res.status, 409);
      assert.equal(res.body.conflict?.kind, "travel");
      assert.equal(res.body.conflict?.bookingId, mei._id);
      assert.match(
        res.body.message!,
        /^Ana Tech cannot get here from Mei Chen's dryer vent in time: the drive takes \d+ minutes$/,
      );
    });

    await t.step("hours: outside the technician's working day, or a day off", async () => {
      const hours = await ctx.asAdmin("GET", `/api/staff/${ana.member._id}/hours`);
      assert.equal(hours.status, 200);
      const week = {
        ...(hours.body as { week: Record<string, unknown> }).week,
        tuesday: { start: "08:00", end: "12:00" },
      };
      const saved = await ctx.asAdmin("PUT", `/api/staff/${ana.member._id}/hours`, {
        body: { week, daysOff: ["2026-03-04"] },
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      // 90 minutes from 11:00 end at 12:30, after her day ends.
      const late = await move(ctx, duct, { technicianId: ana.member._id, time: "11:00 AM" });
      assert.equal(late.status, 409);
      assert.deepEqual(late.body, {
        message: "Ana Tech works from 8:00 AM to 12:00 PM on Tuesdays",
        conflict: { kind: "hours" },
      });
      const off = await move(ctx, duct, { technicianId: ana.member._id, date: "2026-03-04" });
      assert.equal(off.status, 409);
      assert.deepEqual(off.body, { message: "Ana Tech is off on March 4, 2026", conflict: { kind: "hours" } });
    });

    await t.step("capacity: the slot is full", async () => {
      for (const n of [1, 2, 3]) await book(ctx, { cleaningTime: "2:00 PM", email: `full${n}@example.com` });
      const res = await move(ctx, duct, { technicianId: null, time: "2:00 PM" });
      assert.equal(res.status, 409);
      assert.equal(res.body.conflict?.kind, "capacity");
    });

    await t.step("closed: a closed weekday, a time outside the hours, or a time already begun", async () => {
      const saturday = await move(ctx, duct, { technicianId: null, date: "2026-03-07" });
      assert.equal(saturday.status, 409);
      assert.equal(saturday.body.conflict?.kind, "closed");
      assert.match(saturday.body.message!, /closed/i);
      const night = await move(ctx, duct, { technicianId: null, time: "9:00 PM" });
      assert.equal(night.status, 409);
      assert.equal(night.body.conflict?.kind, "closed");
      // The test clock is 10:00 AM on Monday March 2.
      const past = await move(ctx, duct, { technicianId: null, date: "2026-03-02", time: "9:00 AM" });
      assert.deepEqual(past.body, { message: "That time has already begun", conflict: { kind: "closed" } });
      // The office may plan tomorrow, inside the customers' lead time.
      const today = await move(ctx, duct, { technicianId: null, date: "2026-03-02", time: "3:00 PM" });
      assert.equal(today.status, 200, JSON.stringify(today.body));
      duct = today.body.data;
    });

    await t.step("a move that changes the time e-mails the customer once, with SEQUENCE raised", async () => {
      const before = await customerChanges(ctx, duct);
      const res = await move(ctx, duct, { technicianId: bob.member._id, date: "2026-03-03", time: "1:00 PM" });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const after = await customerChanges(ctx, duct);
      assert.equal(after.length, before.length + 1);
      const [last, previous] = [after.at(-1)!, before.at(-1)!];
      assert.match(last.subject, /^Appointment moved/);
      assert.ok(last.sequence! > previous.sequence!, `SEQUENCE ${last.sequence} after ${previous.sequence}`);
      duct = res.body.data;
    });

    await t.step("a move that changes only the technician sends the customer nothing", async () => {
      ctx.events.events.length = 0;
      const before = await customerChanges(ctx, duct);
      const res = await move(ctx, duct, { technicianId: ana.member._id, time: "10:00 AM" });
      // Ana's 9:00 dryer vent ends at 9:45; 28203 to 28203 is the same address: no drive.
      assert.equal(res.status, 200, JSON.stringify(res.body));
      duct = res.body.data;
      const swap = await move(ctx, duct, { technicianId: bob.member._id });
      assert.equal(swap.status, 200);
      duct = swap.body.data;
      // One e-mail for the time change, none for the technician change.
      assert.equal((await customerChanges(ctx, duct)).length, before.length + 1);
      const events = ctx.events.events.map((e) => e.event);
      assert.deepEqual(events.slice(-3), ["jobUnassigned", "jobAssigned", "bookingUpdated"]);
    });

    await t.step("a stale expectedVersion: 409 with the booking as it is now", async () => {
      const res = await move(ctx, { ...duct, version: duct.version - 1 }, { technicianId: null });
      assert.equal(res.status, 409);
      assert.equal(res.body.current?._id, duct._id);
      assert.equal(res.body.current?.version, duct.version);
    });

    await t.step("an unknown technician, or one who is not a technician: 400", async () => {
      const unknown = await move(ctx, duct, { technicianId: crypto.randomUUID() });
      assert.equal(unknown.status, 400);
      const admin = await addStaff(ctx, "Ada Admin", "admin");
      assert.equal((await move(ctx, duct, { technicianId: admin.member._id })).status, 400);
    });

    await t.step("a duration of the office's own, through the same command and the same checks", async () => {
      // Mei's dryer vent at 9:00 for Ana; Raj's duct cleaning at 10:00 for Bob. A 2-hour dryer vent overlaps nothing.
      const longer = await ctx.asAdmin<Answer>("PUT", `/api/bookings/${mei._id}/duration`, {
        body: { minutes: 120, expectedVersion: mei.version },
      });
      assert.equal(longer.status, 200, JSON.stringify(longer.body));
      assert.equal(longer.body.data.durationOverrideMinutes, 120);
      mei = longer.body.data;
      // Ana's day ends at noon: 9:00 + 4 hours does not fit.
      const tooLong = await ctx.asAdmin<Answer>("PUT", `/api/bookings/${mei._id}/duration`, {
        body: { minutes: 240, expectedVersion: mei.version },
      });
      assert.equal(tooLong.status, 409);
      assert.equal(tooLong.body.conflict?.kind, "hours");
      const bad = await ctx.asAdmin("PUT", `/api/bookings/${mei._id}/duration`, {
        body: { minutes: 2, expectedVersion: mei.version },
      });
      assert.equal(bad.status, 400);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("move: two moves into the same gap at once, one wins", async () => {
  const ctx = await createTestContext({ env: { SLOT_CAPACITY: "3" } });
  try {
    const cora = await addStaff(ctx, "Cora Tech");
    const first = await book(ctx, { email: "one@example.com" });
    const second = await book(ctx, { email: "two@example.com", cleaningTime: "10:00 AM" });
    const results = await Promise.all([
      move(ctx, first, { technicianId: cora.member._id, time: "11:00 AM" }),
      move(ctx, second, { technicianId: cora.member._id, time: "11:00 AM" }),
    ]);
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 409]);
    assert.equal(results.find((r) => r.status === 409)!.body.conflict?.kind, "overlap");
  } finally {
    await ctx.close();
  }
});

Deno.test("move and duration: who may call them", async () => {
  const ctx = await createTestContext();
  try {
    const tech = await addStaff(ctx, "Tom Tech");
    const job = await book(ctx);
    const body = { technicianId: tech.member._id, date: job.cleaningDate, time: job.cleaningTime, expectedVersion: 1 };
    const calls = [
      ["POST", `/api/bookings/${job._id}/move`, body],
      ["PUT", `/api/bookings/${job._id}/duration`, { minutes: 60, expectedVersion: 1 }],
    ] as const;
    for (const [method, path, payload] of calls) {
      assert.equal((await ctx.request(method, path, { body: payload })).status, 401, `${method} ${path} signed out`);
      assert.equal(
        (await ctx.request(method, path, { body: payload, token: tech.token })).status,
        403,
        `${method} ${path} as a technician`,
      );
    }
    const [row] = await ctx.sql<{ version: number }[]>`select version from bookings where id = ${job._id}`;
    assert.equal(row!.version, 1, "nothing written");
  } finally {
    await ctx.close();
  }
});
