import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import { type Page, TOTAL_COUNTED_MAX } from "../../contracts/common/paging.ts";
import { createTestContext } from "../../testing/context.ts";

// A list's total counts at most TOTAL_COUNTED_MAX rows, so its cost does not grow with the history; past that it
// says it is a lower bound rather than a wrong number.
Deno.test("the bookings' total is exact up to its bound, and says when there are more", async (t) => {
  const ctx = await createTestContext();
  try {
    // One more than the bound is completed; three are pending.
    await ctx.sql`
      insert into bookings (first_name, last_name, email, contact_number, home_address, city, state, zip,
        service_type, unit_count, cleaning_date, cleaning_time, original_price, discount_amount, estimated_price,
        status)
      select 'Pat', 'Many' || g, 'many' || g || '@example.com', '(704) 555-0100', '1 Main St', 'Charlotte', 'NC',
        '28203', 'air-duct-cleaning', 1, '2026-03-10', '9:00 AM', 100, 0, 100,
        case when g <= 3 then 'pending' else 'completed' end
      from generate_series(1, ${TOTAL_COUNTED_MAX + 4}) g`;

    await t.step("more rows than it counts: the bound, marked as at least", async () => {
      const res = await ctx.asAdmin<Page<Booking>>("GET", "/api/bookings?limit=10");
      assert.equal(res.status, 200);
      assert.equal(res.body.total, TOTAL_COUNTED_MAX);
      assert.equal(res.body.totalIsAtLeast, true);
      assert.equal(res.body.data.length, 10);
    });

    await t.step("exactly the bound: exact, not marked", async () => {
      await ctx.sql`delete from bookings where last_name in ('Many1', 'Many2', 'Many3', 'Many4')`;
      const res = await ctx.asAdmin<Page<Booking>>("GET", "/api/bookings?limit=10");
      assert.equal(res.body.total, TOTAL_COUNTED_MAX);
      assert.equal(res.body.totalIsAtLeast, false);
    });

    await t.step("a filter that matches fewer: its exact count", async () => {
      await ctx.sql`update bookings set status = 'pending' where last_name in ('Many5', 'Many6')`;
      const res = await ctx.asAdmin<Page<Booking>>("GET", "/api/bookings?status=pending");
      assert.equal(res.body.total, 2);
      assert.equal(res.body.totalIsAtLeast, false);
      assert.deepEqual(res.body.data.map((b) => b.lastName).sort(), ["Many5", "Many6"]);
    });
  } finally {
    await ctx.close();
  }
});
