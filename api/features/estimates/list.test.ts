import assert from "node:assert/strict";
import type { Estimate } from "../../contracts/estimates/estimate.ts";
import type { Page } from "../../contracts/common/paging.ts";
import { createTestContext } from "../../testing/context.ts";
import { addStaff } from "../../testing/staff.ts";

Deno.test("GET /api/estimates pages every estimate, of one booking or all, filtered and searched", async (t) => {
  const ctx = await createTestContext();
  const tech = await addStaff(ctx, "Tara Tech");
  const list = (query: string, token?: string) =>
    token
      ? ctx.request<Page<Estimate>>("GET", `/api/estimates${query}`, { token })
      : ctx.asAdmin<Page<Estimate>>("GET", `/api/estimates${query}`);
  const numbers = (page: Page<Estimate>) => page.data.map((e) => e.number);
  const booking = async (last: string, technicianId: string | null) => {
    const [b] = await ctx.sql<{ id: string }[]>`
      insert into bookings (first_name, last_name, email, contact_number, home_address, city, state, zip,
        service_type, unit_count, cleaning_date, cleaning_time, original_price, discount_amount, estimated_price,
        technician_id)
      values ('Pat', ${last}, ${`${last.toLowerCase()}@example.com`}, '(704) 555-0100', '1 Main St', 'Charlotte', 'NC',
        '28203', 'air-duct-cleaning', 1, '2026-03-10', '9:00 AM', 100, 0, 100, ${technicianId})
      returning id`;
    return b!.id;
  };
  let n = 1000;
  const estimate = async (bookingId: string, status: string, expires: string) => {
    n += 1;
    await ctx.sql`
      insert into estimates (id, number, seq, booking_id, status, options, tax_rate_percent, tax_label, created_at,
        expires_at, created_by)
      values (gen_random_uuid(), ${`E-${n}`}, ${n}, ${bookingId}, ${status}, '[]', 0, 'Tax', now(), ${expires}, 'test')`;
  };
  try {
    const whitfield = await booking("Whitfield", tech.member._id);
    const garcia = await booking("Garcia", null);
    await estimate(whitfield, "sent", "2026-04-01T00:00:00Z"); // E-1001
    await estimate(whitfield, "approved", "2026-04-01T00:00:00Z"); // E-1002
    await estimate(garcia, "sent", "2026-02-01T00:00:00Z"); // E-1003: expired by the test's clock
    await estimate(garcia, "draft", "2026-04-01T00:00:00Z"); // E-1004

    await t.step("lists every estimate without a booking, newest first, paged", async () => {
      const first = await list("?limit=3");
      assert.deepEqual(numbers(first.body), ["E-1004", "E-1003", "E-1002"]);
      assert.equal(first.body.total, 4);
      const next = await list(`?limit=3&cursor=${first.body.nextCursor}`);
      assert.deepEqual(numbers(next.body), ["E-1001"]);
    });

    await t.step("one booking's, oldest first with sort=number", async () => {
      assert.deepEqual(numbers((await list(`?bookingId=${garcia}&sort=number`)).body), ["E-1003", "E-1004"]);
      assert.equal((await list("?bookingId=00000000-0000-4000-8000-000000000000")).status, 404);
    });

    const filters: [string, string[]][] = [
      ["status=expired", ["E-1003"]],
      ["status=sent", ["E-1001"]],
      ["status=approved", ["E-1002"]],
      ["q=e-1004", ["E-1004"]],
      ["q=GARC", ["E-1004", "E-1003"]],
    ];
    for (const [filter, expected] of filters) {
      await t.step(filter, async () => {
        const res = await list(`?${filter}`);
        assert.deepEqual(numbers(res.body), expected);
        for (const e of res.body.data) if (filter.startsWith("status=")) assert.equal(e.status, filter.slice(7));
      });
    }

    await t.step("a technician lists only their own jobs' estimates", async () => {
      assert.deepEqual(numbers((await list("", tech.token)).body), ["E-1002", "E-1001"]);
      assert.equal((await list(`?bookingId=${garcia}`, tech.token)).status, 404);
    });
  } finally {
    await ctx.close();
  }
});
