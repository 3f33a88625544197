import assert from "node:assert/strict";
import type { Booking } from "../../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../../contracts/common/wire.ts";
import type { JobDetails } from "../../../contracts/visit/job.ts";
import { createTestContext } from "../../../testing/context.ts";
import { bookingBody } from "../../../testing/fixtures.ts";
import { addStaff, assignJob } from "../../../testing/staff.ts";

Deno.test("a note and a tick are records: the booking keeps its version and its pending reminder", async () => {
  const ctx = await createTestContext();
  try {
    const ann = await addStaff(ctx, "Ann Tech");
    // A week ahead: the visit has a pending reminder to keep.
    const made = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
      body: bookingBody({ cleaningDate: "2026-03-10" }),
    });
    // Booked at the test's moment (the database's own clock is today's): its reminder then follows the assignment.
    await ctx.sql`update bookings set created_at = ${ctx.clock.now()} where id = ${made.body.data._id}`;
    const job = await assignJob(ctx, made.body.data._id, ann.member._id);
    const reminder = async () => {
      const rows = await ctx.sql<{ id: string }[]>`
        select id from outbox where booking_id = ${job._id} and kind = 'visit-reminder' and status = 'pending'`;
      return rows.map((r) => r.id);
    };
    const kept = await reminder();
    assert.equal(kept.length, 1, "the booking has its reminder");
    ctx.events.events.length = 0;

    const note = await ctx.request("POST", `/api/bookings/${job._id}/notes`, {
      token: ann.token,
      body: { text: "Crushed transition duct behind the dryer." },
    });
    assert.equal(note.status, 201, JSON.stringify(note.body));
    const details = await ctx.request<JobDetails>("GET", `/api/bookings/${job._id}`, { token: ann.token });
    const [item] = details.body.checklist;
    const tick = await ctx.request("PUT", `/api/bookings/${job._id}/checklist/${item!._id}`, {
      token: ann.token,
      body: { done: true },
    });
    assert.equal(tick.status, 200, JSON.stringify(tick.body));

    const now = await ctx.asAdmin<JobDetails>("GET", `/api/bookings/${job._id}`);
    assert.equal(now.body.version, job.version, "a record does not change the booking");
    assert.equal(now.body.updatedAt, job.updatedAt);
    assert.deepEqual(await reminder(), kept, "the same reminder row, neither deleted nor written again");
    assert.deepEqual(
      now.body.notes.map((n) => n.text),
      ["Crushed transition duct behind the dryer."],
    );
    // The office's screen still hears that the job has something new.
    assert.deepEqual(
      ctx.events.events.map((e) => e.event),
      ["bookingUpdated", "bookingUpdated"],
    );
  } finally {
    await ctx.close();
  }
});
