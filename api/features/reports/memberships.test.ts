import assert from "node:assert/strict";
import type { ErrorBody } from "../../contracts/common/wire.ts";
import { MEMBERSHIPS_LISTED, type ReportSummary } from "../../contracts/reports/reports.ts";
import { addDays, todayIn } from "../../contracts/schedule/dates.ts";
import { createTestContext } from "../../testing/context.ts";
import { signInCustomer } from "../../testing/portal.ts";
import { addStaff } from "../../testing/staff.ts";
import { newBooking } from "../../testing/estimates.ts";

const DAY = 24 * 60 * 60 * 1000;
const TZ = "America/New_York";
const STATUSES = ["pending", "active", "active", "active", "past_due", "cancelling", "ended"] as const;

/** A small generator of its own, so that a failure comes back with the same data. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

Deno.test(
  "reports: members by plan, recurring revenue this month, renewals due and past due, against a straight computation",
  async (t) => {
    const ctx = await createTestContext();
    try {
      const next = random(45);
      const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
      const now = ctx.clock.now().getTime();
      const plans = [
        { name: "Clean Air Club", priceCents: 1900, period: "month" as const },
        { name: "Dryer Vent Yearly", priceCents: 8900, period: "year" as const },
        { name: "Whole Home", priceCents: 4999, period: "month" as const },
        { name: "Archived Plan", priceCents: 12_345, period: "year" as const },
      ];
      const planIds: string[] = [];
      for (const p of plans) {
        const [row] = await ctx.sql<{ id: string }[]>`
          insert into plans (name, price_cents, period, member_discount_percent, active)
          values (${p.name}, ${p.priceCents}, ${p.period}, 10, ${p.name !== "Archived Plan"}) returning id`;
        planIds.push(row!.id);
      }
      interface Seeded {
        id: string;
        customer: string;
        plan: number;
        status: (typeof STATUSES)[number];
        periodEnd: Date | null;
      }
      const seeded: Seeded[] = [];
      const paid: { cents: number; at: Date | null }[] = [];
      const refunds: { cents: number; at: Date }[] = [];
      for (let i = 0; i < 90; i++) {
        const customer = `Member ${String(i).padStart(2, "0")}`;
        const [c] = await ctx.sql<{ id: string }[]>`insert into customers (name) values (${customer}) returning id`;
        const [p] = await ctx.sql<{ id: string }[]>`
          insert into properties (customer_id, street, city, state, zip, address_key)
          values (${c!.id}, ${`${i} Elm St`}, 'Charlotte', 'NC', '28202', ${`${i} elm st|28202`}) returning id`;
        const plan = Math.floor(next() * plans.length);
        const status = pick(STATUSES);
        // Period ends from 40 days ago to 70 days ahead, at any minute: the business day's edges are crossed.
        const periodEnd = status === "pending" ? null : new Date(now + Math.floor((next() * 110 - 40) * DAY));
        const [m] = await ctx.sql<{ id: string }[]>`
          insert into memberships (customer_id, property_id, plan_id, start_date, payment, status, current_period_end,
            created_by)
          values (${c!.id}, ${p!.id}, ${planIds[plan]!}, '2025-12-01', 'invoice', ${status}, ${periodEnd}, 'Test')
          returning id`;
        seeded.push({ id: m!.id, customer, plan, status, periodEnd });
        // Two plan invoices each: paid at any time from 70 days ago to now, or not paid.
        for (const k of [0, 1]) {
          const cents = plans[plan]!.priceCents;
          const at = next() < 0.2 ? null : new Date(now - Math.floor(next() * 70 * DAY));
          paid.push({ cents, at });
          // A third of the paid ones partly refunded by a cancellation at once, at any time since.
          const refundAt =
            at && next() < 0.35 ? new Date(at.getTime() + Math.floor(next() * (now - at.getTime()))) : null;
          const refundCents = refundAt ? Math.floor(cents / 3) : 0;
          if (refundAt) refunds.push({ cents: refundCents, at: refundAt });
          await ctx.sql`
            insert into plan_invoices (membership_id, number, seq, period_start, period_end, amount_cents, paid_cents,
              issued_at, paid_at, refunded_cents, refunded_at)
            values (${m!.id}, ${`INV-${i}-${k}`}, ${i * 2 + k + 1}, ${`2026-0${k + 1}-01`}, ${`2026-0${k + 2}-01`},
              ${cents}, ${at ? cents : 0}, ${new Date(now - 80 * DAY)}, ${at}, ${refundCents}, ${refundAt})`;
        }
      }
      // Either side of the first of March in New York (EST: 05:00 UTC).
      const edges = [new Date("2026-03-01T04:59:00Z"), new Date("2026-03-01T05:00:00Z")];
      for (const [k, at] of edges.entries()) {
        await ctx.sql`
          insert into plan_invoices (membership_id, number, seq, period_start, period_end, amount_cents, paid_cents,
            issued_at, paid_at, refunded_cents, refunded_at)
          values (${seeded[0]!.id}, ${`INV-edge-${k}`}, ${1000 + k}, ${`2025-0${k + 1}-01`}, '2025-12-01', 700, 700,
            ${at}, ${at}, 100, ${at})`;
        paid.push({ cents: 700, at });
        refunds.push({ cents: 100, at });
      }

      // The straight computation, by the business's calendar.
      const today = todayIn(TZ, ctx.clock.now());
      const localDay = (at: Date) => todayIn(TZ, at);
      const counting = seeded.filter((m) => ["active", "past_due", "cancelling"].includes(m.status));
      const expectedByPlan = plans
        .map((p, index) => {
          const members = counting.filter((m) => m.plan === index).length;
          const monthly = p.period === "month" ? p.priceCents * members : Math.round((p.priceCents * members) / 12);
          return { name: p.name, members, monthlyCents: monthly };
        })
        .filter((p) => p.members > 0)
        .sort((a, b) => b.members - a.members || a.name.localeCompare(b.name));
      const renewals = seeded
        .filter((m) => m.status === "active" && m.periodEnd)
        .filter((m) => localDay(m.periodEnd!) >= today && localDay(m.periodEnd!) <= addDays(today, 30))
        .sort((a, b) => a.periodEnd!.getTime() - b.periodEnd!.getTime());
      const pastDue = seeded
        .filter((m) => m.status === "past_due")
        .sort((a, b) => a.periodEnd!.getTime() - b.periodEnd!.getTime());
      const collected = paid
        .filter((p) => p.at && localDay(p.at).startsWith("2026-03-"))
        .reduce((sum, p) => sum + p.cents, 0);
      const refunded = refunds
        .filter((r) => localDay(r.at).startsWith("2026-03-"))
        .reduce((sum, r) => sum + r.cents, 0);
      const price = (m: Seeded) => plans[m.plan]!.priceCents;

      await t.step("the summary's membership figures are the straight computation's", async () => {
        const res = await ctx.asAdmin<ReportSummary>("GET", "/api/reports/summary?from=2026-02-01&to=2026-02-28");
        assert.equal(res.status, 200, JSON.stringify(res.body));
        const m = res.body.memberships;
        assert.ok(renewals.length > 3 && pastDue.length > 3 && collected > 0, "the seed covers each figure");
        assert.deepEqual(m.month, { from: "2026-03-01", to: "2026-03-31" }, "this month, whatever the period asked");
        assert.equal(m.activeMembers, counting.length);
        assert.deepEqual(
          m.byPlan.map(({ name, members, monthlyCents }) => ({ name, members, monthlyCents })),
          expectedByPlan,
        );
        assert.equal(
          m.monthlyRecurringCents,
          expectedByPlan.reduce((sum, p) => sum + p.monthlyCents, 0),
        );
        assert.equal(m.recurringCollectedCents, collected);
        assert.ok(refunded > 0, "the seed refunds some this month");
        assert.equal(m.recurringRefundedCents, refunded);
        assert.deepEqual(
          { count: m.renewalsDue.count, amountCents: m.renewalsDue.amountCents },
          { count: renewals.length, amountCents: renewals.reduce((sum, r) => sum + price(r), 0) },
        );
        assert.deepEqual(
          m.renewalsDue.memberships.map((r) => [r._id, r.customer, r.date, r.amountCents]),
          renewals.map((r) => [r.id, r.customer, localDay(r.periodEnd!), price(r)]),
        );
        assert.deepEqual(
          { count: m.pastDue.count, amountCents: m.pastDue.amountCents },
          { count: pastDue.length, amountCents: pastDue.reduce((sum, r) => sum + price(r), 0) },
        );
        assert.deepEqual(
          m.pastDue.memberships.map((r) => [r._id, r.plan]),
          pastDue.slice(0, MEMBERSHIPS_LISTED).map((r) => [r.id, plans[r.plan]!.name]),
        );
      });

      await t.step("an ended membership or a booking's history changes none of it", async () => {
        const before = (await ctx.asAdmin<ReportSummary>("GET", "/api/reports/summary?from=2026-03-01&to=2026-03-31"))
          .body.memberships;
        const ended = seeded.find((m) => m.status === "ended")!;
        await ctx.sql`update memberships set current_period_end = ${new Date(now + 3 * DAY)} where id = ${ended.id}`;
        await newBooking(ctx);
        const after = (await ctx.asAdmin<ReportSummary>("GET", "/api/reports/summary?from=2026-03-01&to=2026-03-31"))
          .body.memberships;
        assert.deepEqual(after, before);
      });

      await t.step("a technician, a customer and nobody may not read them", async () => {
        const ann = await addStaff(ctx, "Ann Tech");
        const booking = (await ctx.repos.bookings.get(await newBooking(ctx, { email: "member@example.com" })))!;
        const customer = await signInCustomer(ctx, booking.email);
        for (const [token, status] of [
          [undefined, 401],
          [ann.token, 403],
          [customer, 403],
        ] as const) {
          const res = await ctx.request<ErrorBody>("GET", "/api/reports/summary?from=2026-03-01&to=2026-03-31", {
            token,
          });
          assert.equal(res.status, status);
          assert.ok(res.body.message);
        }
      });
    } finally {
      await ctx.close();
    }
  },
);
