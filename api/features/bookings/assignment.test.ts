import assert from "node:assert/strict";
import type { AuditEntry } from "../../contracts/audit/audit.ts";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { Page } from "../../contracts/common/paging.ts";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { DaySchedule } from "../../contracts/bookings/day-schedule.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { createTestContext } from "../../testing/context.ts";
import { bookingBody } from "../../testing/fixtures.ts";
import { addStaff } from "../../testing/staff.ts";

type Body = { message?: string };

Deno.test("assignment: technicians, their own jobs, the slot rule and the schedule", async (t) => {
  // Room for a third booking at 9:00, so a move there is refused by the technician's rule, not the capacity.
  const ctx = await createTestContext({ env: { SLOT_CAPACITY: "3" } });
  try {
    const ann = await addStaff(ctx, "Ann Tech");
    const bob = await addStaff(ctx, "Bob Tech");
    const book = async (overrides = {}) =>
      (await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body: bookingBody(overrides) })).body.data;
    const assign = (id: string, technicianId: string | null, version?: number) =>
      ctx.asAdmin<DataEnvelope<Booking> & Body>("PUT", `/api/bookings/${id}/assignment`, {
        body: { technicianId, ...(version ? { version } : {}) },
      });
    const nine = await book();
    const nineToo = await book({ firstName: "Second", email: "second@example.com" });
    const ten = await book({ cleaningTime: "10:00 AM" });

    await t.step("a new booking is unassigned", () => {
      assert.equal(nine.technicianId, null);
      assert.equal(nine.technicianName, null);
    });

    await t.step("an admin assigns a job: the booking carries the technician, audited, told live", async () => {
      ctx.events.events.length = 0;
      const res = await assign(nine._id, ann.member._id, nine.version);
      assert.equal(res.status, 200);
      assert.equal(res.body.data.technicianId, ann.member._id);
      assert.equal(res.body.data.technicianName, "Ann Tech");
      assert.equal(res.body.data.version, 2);
      assert.deepEqual(
        ctx.events.events.map((e) => e.event),
        ["jobAssigned", "bookingUpdated"],
      );
      assert.deepEqual(ctx.events.events[0]!.payload, { technicianId: ann.member._id, booking: res.body.data });
      const history = await ctx.asAdmin<AuditEntry[]>("GET", `/api/bookings/${nine._id}/history`);
      assert.equal(history.body[0]!.action, "assign");
      assert.deepEqual(history.body[0]!.changes.technicianId, { from: null, to: ann.member._id });
      const listed = await ctx.asAdmin<Page<Booking>>("GET", "/api/bookings");
      assert.equal(listed.body.data.find((b) => b._id === nine._id)!.technicianName, "Ann Tech");
    });

    await t.step("a technician sees only their jobs; another's is not found", async () => {
      const mine = await ctx.request<Page<Booking>>("GET", "/api/bookings", { token: ann.token });
      assert.deepEqual(
        mine.body.data.map((b) => b._id),
        [nine._id],
      );
      assert.equal((await ctx.request("GET", `/api/bookings/${nine._id}`, { token: ann.token })).status, 200);
      const theirs = await ctx.request<Body>("GET", `/api/bookings/${nine._id}`, { token: bob.token });
      assert.equal(theirs.status, 404);
      assert.equal(theirs.body.message, MESSAGES.bookingNotFound);
      assert.equal((await ctx.request("GET", `/api/bookings/${ten._id}`, { token: bob.token })).status, 404);
      assert.deepEqual((await ctx.request<Page<Booking>>("GET", "/api/bookings", { token: bob.token })).body.data, []);
      const since = await ctx.request<Page<Booking>>("GET", `/api/bookings?since=${nine.createdAt}`, {
        token: bob.token,
      });
      assert.deepEqual(since.body.data, [], "the catch-up is filtered too");
    });

    await t.step("a technician cannot hold two jobs in one slot: 409 with their name", async () => {
      const res = await assign(nineToo._id, ann.member._id);
      assert.equal(res.status, 409);
      assert.equal(res.body.message, "Ann Tech already has a job at that time");
      assert.equal((await assign(ten._id, ann.member._id)).status, 200, "another slot is fine");
      // Moving a job into a slot where its technician is busy is refused the same way.
      const move = await ctx.asAdmin<Body>("PUT", `/api/bookings/${ten._id}`, {
        body: bookingBody({ cleaningTime: "9:00 AM" }),
      });
      assert.equal(move.status, 409);
      assert.equal(move.body.message, "Ann Tech already has a job at that time");
      assert.equal((await assign(nineToo._id, ctx.admin._id)).status, 422, "an admin is not a technician");
      assert.equal((await assign(nineToo._id, crypto.randomUUID())).status, 422);
      assert.equal((await assign(crypto.randomUUID(), ann.member._id)).status, 404);
      assert.equal((await assign(nineToo._id, ann.member._id, 99)).status, 409, "a stale version");
      const bad = await ctx.asAdmin("PUT", `/api/bookings/${nineToo._id}/assignment`, { body: { technicianId: 7 } });
      assert.equal(bad.status, 400);
    });

    await t.step("reassigning tells the one who lost it and the one who got it", async () => {
      ctx.events.events.length = 0;
      const res = await assign(ten._id, bob.member._id);
      assert.equal(res.status, 200);
      assert.deepEqual(
        ctx.events.events.map((e) => [e.event, (e.payload as { technicianId?: string }).technicianId]),
        [
          ["jobUnassigned", ann.member._id],
          ["jobAssigned", bob.member._id],
          // To the admins (and not again to Bob, who was just told by jobAssigned: see realtime.test.ts).
          ["bookingUpdated", bob.member._id],
        ],
      );
      const unassigned = await assign(ten._id, null);
      assert.equal(unassigned.body.data.technicianId, null);
      assert.equal(unassigned.body.data.technicianName, null);
    });

    await t.step("the schedule: the day's jobs by technician, plus unassigned", async () => {
      const res = await ctx.asAdmin<DaySchedule>("GET", "/api/schedule?date=2026-03-03");
      assert.equal(res.status, 200);
      assert.equal(res.body.date, "2026-03-03");
      assert.deepEqual(
        res.body.technicians.map((c) => [c.technician.name, c.jobs.map((j) => j._id)]),
        [
          ["Ann Tech", [nine._id]],
          ["Bob Tech", []],
        ],
      );
      assert.deepEqual(
        res.body.unassigned.map((j) => j._id),
        [nineToo._id, ten._id],
        "by slot",
      );
      assert.equal((await ctx.asAdmin("GET", "/api/schedule?date=2026-02-30")).status, 400);
      assert.equal((await ctx.asAdmin("GET", "/api/schedule")).status, 400);
    });

    await t.step("deleting an assigned job tells its technician", async () => {
      ctx.events.events.length = 0;
      assert.equal((await ctx.asAdmin("DELETE", `/api/bookings/${nine._id}`)).status, 200);
      assert.deepEqual(
        ctx.events.events.map((e) => e.event),
        ["bookingDeleted", "jobUnassigned"],
      );
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("assignment under concurrency: two admins give one technician two jobs of a slot, one wins", async () => {
  const ctx = await createTestContext();
  try {
    const tech = await addStaff(ctx, "Cora Tech");
    const book = async (email: string) =>
      (await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body: bookingBody({ email }) })).body.data;
    for (let round = 0; round < 5; round++) {
      const [a, b] = [await book(`a${round}@example.com`), await book(`b${round}@example.com`)];
      const results = await Promise.all(
        [a, b].map((booking) =>
          ctx.asAdmin<Body>("PUT", `/api/bookings/${booking._id}/assignment`, {
            body: { technicianId: tech.member._id },
          }),
        ),
      );
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 409], `round ${round}`);
      assert.equal(results.find((r) => r.status === 409)!.body.message, "Cora Tech already has a job at that time");
      const [{ count }] = await ctx.sql<{ count: number }[]>`
        select count(*)::int as count from bookings where technician_id = ${tech.member._id} and status <> 'cancelled'`;
      assert.equal(count, 1, `round ${round}: one job in the slot`);
      // Free the slot for the next round.
      await ctx.sql`update bookings set status = 'cancelled'`;
    }
  } finally {
    await ctx.close();
  }
});
