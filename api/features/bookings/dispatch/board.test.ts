import assert from "node:assert/strict";
import type { Booking } from "../../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../../contracts/common/wire.ts";
import {
  minutesOfDay,
  type RouteApplied,
  type RouteProposal,
  type ScheduleBoard,
} from "../../../contracts/schedule/board.ts";
import { slotStart } from "../../../contracts/schedule/conflicts.ts";
import { createTestContext, type TestContext } from "../../../testing/context.ts";
import { bookingBody } from "../../../testing/fixtures.ts";
import { addStaff } from "../../../testing/staff.ts";

const DAY = "2026-03-03";

const book = async (ctx: TestContext, overrides: Record<string, unknown>) => {
  const res = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body: bookingBody(overrides) });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data;
};

const board = (ctx: TestContext, from = DAY, to = DAY) =>
  ctx.asAdmin<ScheduleBoard>("GET", `/api/schedule/board?from=${from}&to=${to}`);

const rescheduledMails = async (ctx: TestContext, bookingId: string) =>
  (
    await ctx.sql<{ count: number }[]>`
      select count(*)::int as count from outbox where booking_id = ${bookingId} and kind = 'booking-rescheduled'`
  )[0]!.count;

/** Every rule of the technician's day, read from the board's own figures: hours, no overlap, room for each drive. */
function assertDayHolds(day: ScheduleBoard, technicianId: string, capacity: number) {
  const hours = day.technicians.find((t) => t._id === technicianId)!.hours.week.tuesday!;
  const jobs = day.bookings
    .filter((b) => b.technicianId === technicianId)
    .sort((a, b) => slotStart(a.cleaningTime) - slotStart(b.cleaningTime));
  for (const [i, job] of jobs.entries()) {
    const start = slotStart(job.cleaningTime);
    assert.ok(start >= minutesOfDay(hours.start) && start + job.durationMinutes <= minutesOfDay(hours.end));
    const previous = jobs[i - 1];
    if (previous) {
      const free = slotStart(previous.cleaningTime) + previous.durationMinutes + job.travelMinutesBefore!;
      assert.ok(free <= start, `${job.lastName} at ${job.cleaningTime} leaves room for the drive`);
    }
  }
  const perSlot = Map.groupBy(day.bookings, (b) => b.cleaningTime);
  for (const [slot, held] of perSlot) assert.ok(held.length <= capacity, `${slot} holds ${held.length}`);
}

Deno.test("board and route: a scattered day is ordered, applied in one go, and keeps every rule", async (t) => {
  const ctx = await createTestContext();
  try {
    const ana = await addStaff(ctx, "Ana Tech");
    // North, south, north, south of the business (28209): a day of zigzags. A dryer vent is 45 minutes.
    const stops = [
      { lastName: "North", zip: "28078", cleaningTime: "8:00 AM" },
      { lastName: "South", zip: "28277", cleaningTime: "11:00 AM" },
      { lastName: "Further North", zip: "28031", cleaningTime: "2:00 PM" },
      { lastName: "Further South", zip: "28173", cleaningTime: "5:00 PM" },
    ];
    const jobs: Booking[] = [];
    for (const [n, stop] of stops.entries()) {
      const job = await book(ctx, {
        ...stop,
        serviceType: "dryer-vent-cleaning",
        unitCount: 1,
        email: `stop${n}@example.com`,
        homeAddress: `${n + 1} Main St`,
      });
      const moved = await ctx.asAdmin<DataEnvelope<Booking>>("POST", `/api/bookings/${job._id}/move`, {
        body: { technicianId: ana.member._id, date: DAY, time: job.cleaningTime, expectedVersion: job.version },
      });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      jobs.push(moved.body.data);
    }
    // The first slot of the day is full with other customers: the new order must not use it.
    for (const n of [1, 2]) await book(ctx, { cleaningTime: "7:00 AM", email: `early${n}@example.com` });
    // An unknown ZIP stands at the business's own and says so.
    await book(ctx, { zip: "00001", cleaningTime: "4:00 PM", email: "nowhere@example.com" });

    await t.step("the board: technicians with hours, bookings with duration, drive and town", async () => {
      const res = await board(ctx);
      assert.equal(res.status, 200);
      assert.deepEqual(
        res.body.technicians.map((t) => t.name),
        ["Ana Tech"],
      );
      assert.deepEqual(res.body.technicians[0]!.hours.week.tuesday, { start: "07:00", end: "20:00" });
      const mine = res.body.bookings.filter((b) => b.technicianId === ana.member._id);
      assert.deepEqual(
        mine.map((b) => b.lastName),
        ["North", "South", "Further North", "Further South"],
      );
      assert.equal(mine[0]!.durationMinutes, 45);
      assert.equal(mine[0]!.durationOverrideMinutes, null);
      assert.equal(mine[0]!.travelMinutesBefore, null, "the first job of the day");
      assert.ok(
        mine.slice(1).every((b) => b.travelMinutesBefore! >= 30),
        "zigzags are long drives",
      );
      assert.equal(mine[0]!.town, "Charlotte");
      const nowhere = res.body.bookings.find((b) => b.email === "nowhere@example.com")!;
      assert.equal(nowhere.locationApproximate, true);
      assert.equal(nowhere.travelMinutesBefore, null, "unassigned");
      assert.equal(mine[0]!.locationApproximate, false);
    });

    let proposal: RouteProposal;
    await t.step("the route: a shorter order, its minutes saved, and moves that keep every rule", async () => {
      const res = await ctx.asAdmin<RouteProposal>("POST", "/api/schedule/route", {
        body: { technicianId: ana.member._id, date: DAY },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      proposal = res.body;
      assert.ok(proposal.minutesSaved > 60, `saves ${proposal.minutesSaved} minutes`);
      assert.deepEqual([...proposal.order].sort(), jobs.map((j) => j._id).sort(), "each job once");
      const byId = new Map(jobs.map((j) => [j._id, j]));
      const south = proposal.order.map((id) => byId.get(id)!.lastName);
      assert.deepEqual(south.slice(0, 2).sort(), ["Further South", "South"], "the south first, nearer home");
      for (const m of proposal.moves) {
        assert.equal(m.date, DAY, "the customer's day stays");
        assert.notEqual(m.time, "7:00 AM", "a full slot is not used");
      }
    });

    await t.step("apply: all or none, a stale move refuses the whole apply", async () => {
      const stale = proposal.moves.map((m, i) => (i === 0 ? { ...m, expectedVersion: m.expectedVersion + 5 } : m));
      const res = await ctx.asAdmin("POST", "/api/schedule/route/apply", { body: { moves: stale } });
      assert.equal(res.status, 409);
      const after = await board(ctx);
      const times = jobs.map((j) => after.body.bookings.find((b) => b._id === j._id)!.cleaningTime);
      assert.deepEqual(
        times,
        stops.map((s) => s.cleaningTime),
        "nothing moved",
      );
    });

    await t.step("apply: every job moved, each customer whose time changed told once", async () => {
      const res = await ctx.asAdmin<RouteApplied>("POST", "/api/schedule/route/apply", {
        body: { moves: proposal.moves },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.bookings.length, proposal.moves.length);
      const after = (await board(ctx)).body;
      assertDayHolds(after, ana.member._id, 2);
      const order = after.bookings
        .filter((b) => b.technicianId === ana.member._id)
        .sort((a, b) => slotStart(a.cleaningTime) - slotStart(b.cleaningTime))
        .map((b) => b._id);
      assert.deepEqual(order, proposal.order);
      for (const job of jobs) {
        const moved = proposal.moves.some((m) => m.bookingId === job._id);
        assert.equal(await rescheduledMails(ctx, job._id), moved ? 1 : 0, job.lastName);
      }
    });

    await t.step("a day already in its best order: nothing to save, nothing to move", async () => {
      const res = await ctx.asAdmin<RouteProposal>("POST", "/api/schedule/route", {
        body: { technicianId: ana.member._id, date: DAY },
      });
      assert.equal(res.body.minutesSaved, 0);
      assert.deepEqual(res.body.moves, []);
      assert.deepEqual(res.body.order, proposal.order);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("board and route: bad input is a clear 400", async () => {
  const ctx = await createTestContext();
  try {
    const bad = ["from=2026-03-03", "from=2026-03-05&to=2026-03-03", "from=2026-03-01&to=2026-03-08", "from=x&to=y"];
    for (const query of bad) {
      const res = await ctx.asAdmin<{ message: string }>("GET", `/api/schedule/board?${query}`);
      assert.equal(res.status, 400, query);
      assert.ok(res.body.message, query);
    }
    assert.equal((await board(ctx, "2026-03-01", "2026-03-07")).status, 200, "seven days");
    const route = await ctx.asAdmin("POST", "/api/schedule/route", {
      body: { technicianId: crypto.randomUUID(), date: DAY },
    });
    assert.equal(route.status, 400, "not a technician");
    const twice = await ctx.asAdmin("POST", "/api/schedule/route/apply", {
      body: {
        moves: [1, 2].map(() => ({
          bookingId: "00000000-0000-4000-8000-000000000000",
          technicianId: null,
          date: DAY,
          time: "9:00 AM",
          expectedVersion: 1,
        })),
      },
    });
    assert.equal(twice.status, 400, "one job twice");
  } finally {
    await ctx.close();
  }
});

Deno.test("board, route and hours: who may call them", async () => {
  const ctx = await createTestContext();
  try {
    const tech = await addStaff(ctx, "Tom Tech");
    const calls = [
      ["GET", `/api/schedule/board?from=${DAY}&to=${DAY}`, undefined],
      ["POST", "/api/schedule/route", { technicianId: tech.member._id, date: DAY }],
      ["POST", "/api/schedule/route/apply", { moves: [] }],
      ["GET", `/api/staff/${tech.member._id}/hours`, undefined],
      ["PUT", `/api/staff/${tech.member._id}/hours`, { week: {}, daysOff: [] }],
    ] as const;
    for (const [method, path, body] of calls) {
      assert.equal((await ctx.request(method, path, { body })).status, 401, `${method} ${path} signed out`);
      assert.equal((await ctx.request(method, path, { body, token: tech.token })).status, 403, `${method} ${path}`);
    }
  } finally {
    await ctx.close();
  }
});
