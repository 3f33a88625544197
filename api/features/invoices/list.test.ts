import assert from "node:assert/strict";
import type { Invoice } from "../../contracts/invoices/invoice.ts";
import type { ErrorBody } from "../../contracts/common/wire.ts";
import type { Page } from "../../contracts/common/paging.ts";
import { createTestContext } from "../../testing/context.ts";

Deno.test("GET /api/invoices pages, filters, sorts and searches", async (t) => {
  const ctx = await createTestContext();
  const list = (query: string) => ctx.asAdmin<Page<Invoice>>("GET", `/api/invoices${query}`);
  const numbers = (page: Page<Invoice>) => page.data.map((i) => i.number);
  let n = 0;
  const invoice = async (last: string, total: number, paid: number, issued: string, voided = false) => {
    n += 1;
    const [b] = await ctx.sql<{ id: string }[]>`
      insert into bookings (first_name, last_name, email, contact_number, home_address, city, state, zip,
        service_type, unit_count, cleaning_date, cleaning_time, original_price, discount_amount, estimated_price)
      values ('Pat', ${last}, ${`${last.toLowerCase()}@example.com`}, '(704) 555-0100', '1 Main St', 'Charlotte', 'NC',
        '28203', 'air-duct-cleaning', 1, '2026-03-10', '9:00 AM', 100, 0, 100)
      returning id`;
    // paid_cents as the payment's transaction keeps it, beside the payment the answer's status is read from.
    const [i] = await ctx.sql<{ id: string }[]>`
      insert into invoices (number, seq, booking_id, issued_at, due_at, lines, subtotal_cents, tax_cents, total_cents,
        tax_rate_percent, tax_label, paid_cents, voided_at, created_by)
      values (${`INV-${String(n).padStart(6, "0")}`}, ${n}, ${b!.id}, ${issued}, ${issued}::timestamptz + interval '30 days',
        '[]', ${total}, 0, ${total}, 0, 'Tax', ${paid}, ${voided ? new Date() : null}, 'test')
      returning id`;
    if (paid > 0) {
      await ctx.sql`insert into payments (invoice_id, method, amount_cents, at, by_name) values (${i!.id}, 'cash', ${paid}, ${issued}, 'test')`;
    }
  };
  try {
    await invoice("Whitfield", 10000, 0, "2026-01-05T15:00:00Z");
    await invoice("McAllister", 50000, 50000, "2026-01-20T15:00:00Z");
    await invoice("Nguyen", 30000, 1000, "2026-02-03T04:00:00Z"); // 2 February in New York
    await invoice("Okafor", 20000, 0, "2026-02-10T15:00:00Z", true);

    await t.step("refuses limit=0 and a garbage cursor with 400", async () => {
      assert.match(JSON.stringify((await ctx.asAdmin<ErrorBody>("GET", "/api/invoices?limit=0")).body), /limit/);
      assert.equal((await list("?cursor=AAAA")).status, 400);
    });

    await t.step("newest number first by default, paged", async () => {
      const first = await list("?limit=3");
      assert.deepEqual(numbers(first.body), ["INV-000004", "INV-000003", "INV-000002"]);
      assert.equal(first.body.total, 4);
      const next = await list(`?limit=3&cursor=${first.body.nextCursor}`);
      assert.deepEqual(numbers(next.body), ["INV-000001"]);
      assert.equal(next.body.nextCursor, null);
    });

    const sorts: [string, string[]][] = [
      ["number", ["INV-000001", "INV-000002", "INV-000003", "INV-000004"]],
      ["-total", ["INV-000002", "INV-000003", "INV-000004", "INV-000001"]],
      ["total", ["INV-000001", "INV-000004", "INV-000003", "INV-000002"]],
      ["due", ["INV-000001", "INV-000002", "INV-000003", "INV-000004"]],
      ["-due", ["INV-000004", "INV-000003", "INV-000002", "INV-000001"]],
    ];
    for (const [sort, expected] of sorts) {
      await t.step(`sort=${sort}, two rows a page`, async () => {
        const first = await list(`?sort=${sort}&limit=2`);
        const second = await list(`?sort=${sort}&limit=2&cursor=${first.body.nextCursor}`);
        assert.deepEqual([...numbers(first.body), ...numbers(second.body)], expected);
      });
    }

    const filters: [string, string[]][] = [
      ["status=open", ["INV-000001"]],
      ["status=paid", ["INV-000002"]],
      ["status=partially_paid", ["INV-000003"]],
      ["status=void", ["INV-000004"]],
      ["from=2026-02-01&to=2026-02-02", ["INV-000003"]],
      ["to=2026-01-31&sort=number", ["INV-000001", "INV-000002"]],
      ["q=INV-000003", ["INV-000003"]],
      ["q=000002", ["INV-000002"]],
      ["q=mcall", ["INV-000002"]],
      ["q=NGUYEN&status=partially_paid", ["INV-000003"]],
    ];
    for (const [filter, expected] of filters) {
      await t.step(`${filter}`, async () => {
        const res = await list(`?${filter}`);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.deepEqual(numbers(res.body), expected);
        assert.equal(res.body.total, expected.length);
        for (const i of res.body.data) if (filter.startsWith("status=")) assert.equal(i.status, filter.slice(7));
      });
    }
  } finally {
    await ctx.close();
  }
});
