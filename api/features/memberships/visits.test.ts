import assert from "node:assert/strict";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { Membership, Plan } from "../../contracts/plans/plan.ts";
import { waitUntil } from "../../outbox/testing.ts";
import { createTestContext, type TestContext } from "../../testing/context.ts";
import { newBooking } from "../../testing/estimates.ts";
import { addClubPlan, billingOf, enrolledInClub } from "../../testing/plans.ts";
import { announceWith, planVisits, type VisitPlannerDeps } from "./visits.ts";

const plannerOf = (ctx: TestContext, overrides: Partial<VisitPlannerDeps> = {}): VisitPlannerDeps => ({
  ...billingOf(ctx),
  // Seven weeks on from the test's clock, so the enrollment's own pass (at the clock's day) finds nothing due yet.
  now: () => new Date("2026-04-20T15:00:00.000Z"),
  businessTz: ctx.config.businessTz,
  leadDays: 21,
  settings: () => ctx.repos.settings.get(),
  services: () => ctx.repos.services.list(),
  ...overrides,
});

Deno.test("plan visits: planned ahead once, whatever the workers and a crash between", async (t) => {
  const ctx = await createTestContext();
  try {
    const bookingId = await newBooking(ctx);
    const booking = (await ctx.repos.bookings.get(bookingId))!;
    const plan = (
      await ctx.asAdmin<DataEnvelope<Plan>>("POST", "/api/plans", {
        body: {
          name: "Clean Air Club",
          visits: [
            { serviceType: "dryer-vent-cleaning", units: 1, everyMonths: 12 },
            { serviceType: "air-duct-cleaning", units: 2, everyMonths: 6 },
          ],
          priceCents: 19900,
          period: "year",
          memberDiscountPercent: 15,
        },
      })
    ).body.data;
    // Both visits are first due on 1 May, within 21 days of the planner's 20 April.
    const enrolled = await ctx.asAdmin<DataEnvelope<Membership>>(
      "POST",
      `/api/customers/${booking.customerId}/memberships`,
      { body: { planId: plan._id, propertyId: booking.propertyId, start: "2026-05-01", payment: "invoice" } },
    );
    assert.equal(enrolled.status, 201, JSON.stringify(enrolled.body));

    await t.step("billed by invoice: active at once, its first period's plan invoice issued unpaid", () => {
      const m = enrolled.body.data;
      assert.equal(m.status, "active");
      assert.deepEqual(
        m.invoices.map((i) => [i.number, i.periodStart, i.periodEnd, i.amountCents, i.paidCents]),
        [["INV-000001", "2026-05-01", "2027-05-01", 19900, 0]],
      );
    });

    await t.step("a crash inside a visit's transaction leaves neither its key nor its booking", async () => {
      const failing = {
        write: () => Promise.reject(new Error("the process died")),
        wake: () => {},
      };
      const announced: string[] = [];
      const announce = (id: string) => Promise.resolve(void announced.push(id));
      await assert.rejects(planVisits(plannerOf(ctx, { outbox: failing, announce })), /the process died/);
      assert.deepEqual(announced, [], "nothing rolled back is announced");
      const [{ count }] = await ctx.sql<{ count: number }[]>`
        select (select count(*) from membership_visits) + (select count(*) from bookings where plan_name is not null)
          as count`;
      assert.equal(Number(count), 0);
    });

    await t.step("three workers at once plan each due visit once, as a booking to schedule", async () => {
      // Each worker tells the office's screens of what it planned.
      const announced: string[] = [];
      const announce = announceWith(
        (id) => ctx.repos.bookings.get(id),
        (b) => announced.push(`${b.serviceType} ${b.cleaningDate}`),
      );
      const made = await Promise.all([1, 2, 3].map(() => planVisits(plannerOf(ctx, { announce }))));
      assert.equal(
        made.reduce((a, b) => a + b, 0),
        2,
        "two visits due in the window, planned once each",
      );
      assert.equal(await planVisits(plannerOf(ctx, { announce })), 0, "a later pass finds them planned");
      assert.deepEqual(announced.sort(), ["air-duct-cleaning 2026-05-01", "dryer-vent-cleaning 2026-05-01"]);
      const rows = await ctx.sql<
        {
          service_type: string;
          cleaning_date: string;
          status: string;
          technician_id: string | null;
          plan_name: string;
          unit_count: number;
          estimated_price: string;
        }[]
      >`
        select service_type, to_char(cleaning_date, 'YYYY-MM-DD') as cleaning_date, status, technician_id, plan_name,
          unit_count, estimated_price::text
        from bookings where plan_name is not null order by service_type`;
      assert.deepEqual(
        rows.map((r) => [r.service_type, r.cleaning_date, r.status, r.technician_id, r.plan_name, r.unit_count]),
        [
          ["air-duct-cleaning", "2026-05-01", "pending", null, "Clean Air Club", 2],
          ["dryer-vent-cleaning", "2026-05-01", "pending", null, "Clean Air Club", 1],
        ],
      );
      assert.ok(
        rows.every((r) => Number(r.estimated_price) === 0),
        "included in the plan",
      );
      const mails = await ctx.sql<{ subject: string; text: string }[]>`
        select subject, message->>'text' as text from outbox where kind = 'plan-visit-due' order by subject`;
      assert.deepEqual(
        mails.map((m) => m.subject),
        ["Time for your Air Duct Cleaning — pick a time", "Time for your Dryer Vent Cleaning — pick a time"],
      );
      assert.ok(
        mails.every((m) => m.text.includes("/booking/manage/")),
        "a link to choose a slot",
      );
    });

    await t.step("the planned visit carries no member discount of its own, the member's other work does", async () => {
      const discount = await ctx.repos.memberships.discountForBooking(bookingId);
      assert.deepEqual(discount, { planName: "Clean Air Club", percent: 15 });
      const [planned] = await ctx.sql<{ id: string }[]>`select id from bookings where plan_name is not null limit 1`;
      assert.equal(await ctx.repos.memberships.discountForBooking(planned!.id), null);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("a plan visit due on a closed day waits on the next open day, a holiday's too", async () => {
  const ctx = await createTestContext();
  try {
    const bookingId = await newBooking(ctx);
    const booking = (await ctx.repos.bookings.get(bookingId))!;
    const plan = await addClubPlan(ctx);
    // Saturdays are closed (the default hours); the Sunday after is a holiday the office entered.
    const settings = await ctx.repos.settings.get();
    const saved = await ctx.asAdmin("PUT", "/api/settings", {
      body: { ...settings, closedDates: [{ from: "2026-05-03", to: "2026-05-03", reason: "Holiday" }] },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const joined = await ctx.asAdmin<DataEnvelope<Membership>>(
      "POST",
      `/api/customers/${booking.customerId}/memberships`,
      { body: { planId: plan._id, propertyId: booking.propertyId, start: "2026-05-02", payment: "invoice" } },
    );
    assert.equal(joined.status, 201, JSON.stringify(joined.body));

    assert.equal(await planVisits(plannerOf(ctx)), 1);
    const [visit] = await ctx.sql<{ cleaning_date: string; cleaning_time: string; due_date: string }[]>`
      select to_char(b.cleaning_date, 'YYYY-MM-DD') as cleaning_date, b.cleaning_time,
        to_char(v.due_date, 'YYYY-MM-DD') as due_date
      from bookings b join membership_visits v on v.booking_id = b.id`;
    assert.deepEqual(visit, { cleaning_date: "2026-05-04", cleaning_time: "7:00 AM", due_date: "2026-05-02" });
  } finally {
    await ctx.close();
  }
});

Deno.test("enrolling plans the visit due now, and the office's open screens hear of it as a new booking", async () => {
  const ctx = await createTestContext();
  try {
    const { plan, membership } = await enrolledInClub(ctx, "2026-03-02");
    const heard = () =>
      ctx.events.events.flatMap((e) =>
        e.event === "newBooking" && e.payload.comment.startsWith(`${plan.name}:`) ? [e.payload] : [],
      );
    await waitUntil("the planned visit announced", () => heard().length > 0);
    const [planned] = await ctx.sql<{ id: string }[]>`
      select booking_id as id from membership_visits where membership_id = ${membership._id}`;
    assert.deepEqual(
      heard().map((b) => b._id),
      [planned!.id],
    );
  } finally {
    await ctx.close();
  }
});
