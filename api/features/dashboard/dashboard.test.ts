import assert from "node:assert/strict";
import type { DashboardSummary } from "../../contracts/dashboard/summary.ts";
import { createTestContext } from "../../testing/context.ts";
import { addStaff } from "../../testing/staff.ts";

/** Bookings, invoices, payments and refunds written straight into the tables, then summed here by hand. */
const BOOKINGS = [
  { status: "pending", price: 358.2 },
  { status: "pending", price: 100.05 },
  { status: "confirmed", price: 250 },
  { status: "completed", price: 899.99 },
  { status: "completed", price: 120 },
  { status: "cancelled", price: 500 },
];
// The test clock is 2 March 2026 10:00 in New York: March began at 05:00 UTC on the 1st.
const PAYMENTS = [
  { at: "2026-02-28T12:00:00Z", cents: 89999, refunds: [{ at: "2026-03-01T12:00:00Z", cents: 999 }] },
  { at: "2026-03-01T04:59:59Z", cents: 12000, refunds: [] }, // 28 February, 11:59 PM in New York
  { at: "2026-03-01T05:00:00Z", cents: 25000, refunds: [{ at: "2026-03-02T01:00:00Z", cents: 5000 }] },
  { at: "2026-03-02T14:00:00Z", cents: 10000, refunds: [{ at: "2026-02-27T00:00:00Z", cents: 1 }] },
];

Deno.test("GET /api/dashboard/summary", async (t) => {
  const ctx = await createTestContext();
  try {
    const ids: string[] = [];
    for (const [n, b] of BOOKINGS.entries()) {
      const [row] = await ctx.sql<{ id: string }[]>`
        insert into bookings (first_name, last_name, email, contact_number, home_address, city, state, zip,
          service_type, unit_count, cleaning_date, cleaning_time, original_price, discount_amount, estimated_price,
          status)
        values ('Pat', ${`Payer${n}`}, ${`p${n}@example.com`}, '(704) 555-0100', '1 Main St', 'Charlotte', 'NC',
          '28203', 'air-duct-cleaning', 1, '2026-03-10', '9:00 AM', ${b.price}, 0, ${b.price}, ${b.status})
        returning id`;
      ids.push(row!.id);
    }
    for (const [n, p] of PAYMENTS.entries()) {
      const [invoice] = await ctx.sql<{ id: string }[]>`
        insert into invoices (number, seq, booking_id, issued_at, due_at, lines, subtotal_cents, tax_cents,
          total_cents, tax_rate_percent, tax_label, created_by)
        values (${`INV-${n}`}, ${n + 1}, ${ids[n]!}, now(), now(), '[]', 100000, 0, 100000, 0, 'Tax', 'test')
        returning id`;
      const [payment] = await ctx.sql<{ id: string }[]>`
        insert into payments (invoice_id, method, amount_cents, at, by_name)
        values (${invoice!.id}, 'card', ${p.cents}, ${p.at}, 'test') returning id`;
      for (const r of p.refunds) {
        await ctx.sql`
          insert into refunds (payment_id, amount_cents, reason, at, by_name)
          values (${payment!.id}, ${r.cents}, 'test', ${r.at}, 'test')`;
      }
    }

    await t.step("equals the figures computed straight from the rows", async () => {
      const res = await ctx.asAdmin<DashboardSummary>("GET", "/api/dashboard/summary");
      assert.equal(res.status, 200);
      const marchStart = Date.parse("2026-03-01T05:00:00Z");
      const refunds = PAYMENTS.flatMap((p) => p.refunds);
      const sum = (xs: { cents: number }[]) => xs.reduce((a, x) => a + x.cents, 0);
      const inMarch = <T extends { at: string }>(xs: T[]) => xs.filter((x) => Date.parse(x.at) >= marchStart);
      const expected: DashboardSummary = {
        totalBookings: BOOKINGS.length,
        pendingBookings: BOOKINGS.filter((b) => b.status === "pending").length,
        completed: BOOKINGS.filter((b) => b.status === "completed").length,
        totalRevenueCents: sum(PAYMENTS) - sum(refunds),
        bookedValueCents: BOOKINGS.filter((b) => b.status !== "cancelled").reduce(
          (a, b) => a + Math.round(b.price * 100),
          0,
        ),
        collectedThisMonthCents: sum(inMarch(PAYMENTS)) - sum(inMarch(refunds)),
      };
      assert.deepEqual(res.body, expected);
      // The figures as written out, so the hand computation above cannot drift with them.
      assert.deepEqual(res.body, {
        totalBookings: 6,
        pendingBookings: 2,
        completed: 2,
        totalRevenueCents: 136999 - 6000,
        bookedValueCents: 172824,
        collectedThisMonthCents: 35000 - 5999,
      });
    });

    await t.step("answers zeros on an empty business", async () => {
      await ctx.sql`delete from refunds`;
      await ctx.sql`delete from payments`;
      await ctx.sql`delete from invoices`;
      await ctx.sql`delete from bookings`;
      const res = await ctx.asAdmin<DashboardSummary>("GET", "/api/dashboard/summary");
      assert.deepEqual(res.body, {
        totalBookings: 0,
        pendingBookings: 0,
        completed: 0,
        totalRevenueCents: 0,
        bookedValueCents: 0,
        collectedThisMonthCents: 0,
      });
    });

    await t.step("is for the office: a technician 403, no session 401", async () => {
      const tech = await addStaff(ctx, "Tom Tech");
      assert.equal((await ctx.request("GET", "/api/dashboard/summary", { token: tech.token })).status, 403);
      assert.equal((await ctx.request("GET", "/api/dashboard/summary")).status, 401);
    });
  } finally {
    await ctx.close();
  }
});
