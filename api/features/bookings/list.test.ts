import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { ErrorBody } from "../../contracts/common/wire.ts";
import type { Page } from "../../contracts/common/paging.ts";
import type { Sql } from "../../db/client.ts";
import { createTestContext, type TestContext } from "../../testing/context.ts";
import { addStaff } from "../../testing/staff.ts";

/** A booking as the seed writes it straight into the table: what a test names, the rest filled. */
interface Seed {
  first?: string;
  last?: string;
  email?: string;
  phone?: string;
  street?: string;
  city?: string;
  zip?: string;
  date?: string;
  price?: number;
  status?: string;
  service?: string;
  technicianId?: string | null;
  createdAt?: string;
}

let seq = 0;
async function seed(sql: Sql, s: Seed = {}): Promise<string> {
  seq += 1;
  const [row] = await sql<{ id: string }[]>`
    insert into bookings (first_name, last_name, email, contact_number, home_address, city, state, zip, service_type,
      unit_count, cleaning_date, cleaning_time, original_price, discount_amount, estimated_price, status,
      technician_id, created_at, updated_at)
    values (${s.first ?? "Filler"}, ${s.last ?? `Person${seq}`}, ${s.email ?? `filler${seq}@example.com`},
      ${s.phone ?? "(919) 200-0000"}, ${s.street ?? "1 Main St"}, ${s.city ?? "Raleigh"}, 'NC', ${s.zip ?? "27601"},
      ${s.service ?? "air-duct-cleaning"}, 1, ${s.date ?? "2026-04-01"}, '9:00 AM', ${s.price ?? 100}, 0,
      ${s.price ?? 100}, ${s.status ?? "pending"}, ${s.technicianId ?? null},
      ${s.createdAt ?? new Date(Date.UTC(2026, 0, 1) + seq * 60_000).toISOString()},
      ${s.createdAt ?? new Date(Date.UTC(2026, 0, 1) + seq * 60_000).toISOString()})
    returning id`;
  return row!.id;
}

async function invoiceFor(sql: Sql, bookingId: string, number: string, totalCents: number, paidCents: number) {
  await sql`
    insert into invoices (number, seq, booking_id, issued_at, due_at, lines, subtotal_cents, tax_cents, total_cents,
      tax_rate_percent, tax_label, paid_cents, created_by)
    values (${number}, ${Number(number.replace(/\D/g, ""))}, ${bookingId}, now(), now(), '[]', ${totalCents}, 0,
      ${totalCents}, 0, 'Tax', ${paidCents}, 'test')`;
}

async function estimateFor(sql: Sql, bookingId: string, number: string) {
  await sql`
    insert into estimates (id, number, seq, booking_id, status, options, tax_rate_percent, tax_label, created_at,
      expires_at, created_by)
    values (gen_random_uuid(), ${number}, ${Number(number.replace(/\D/g, ""))}, ${bookingId}, 'draft', '[]', 0, 'Tax',
      now(), now() + interval '30 days', 'test')`;
}

const list = (ctx: TestContext, query: string) => ctx.asAdmin<Page<Booking>>("GET", `/api/bookings${query}`);
const ids = (page: Page<Booking>) => page.data.map((b) => b._id);

/** Every row of a list, following nextCursor; `between` runs after each page read (a concurrent writer). */
async function readAll(ctx: TestContext, query: string, between?: () => Promise<void>): Promise<Booking[]> {
  const rows: Booking[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const sep = query.includes("?") ? "&" : "?";
    const res = await list(ctx, cursor ? `${query}${sep}cursor=${encodeURIComponent(cursor)}` : query);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    rows.push(...res.body.data);
    cursor = res.body.nextCursor;
    if (!cursor) return rows;
    await between?.();
  }
  throw new Error("more than 100 pages");
}

Deno.test("GET /api/bookings pages, filters, sorts and searches", async (t) => {
  const ctx = await createTestContext();
  const tech = await addStaff(ctx, "Terry Tech");
  const other = await addStaff(ctx, "Olga Other");
  const dana = await seed(ctx.sql, {
    first: "Dana",
    last: "Whitfield",
    email: "dana.whitfield@example.com",
    phone: "(704) 555-0131",
    street: "4521 Oak Street",
    city: "Charlotte",
    zip: "28209",
    date: "2026-03-10",
    price: 358.2,
    status: "confirmed",
    technicianId: tech.member._id,
  });
  const marcus = await seed(ctx.sql, {
    first: "Marcus",
    last: "McAllister",
    email: "marcus@mail.test",
    phone: "980.555.7777",
    street: "77 Birch Lane",
    city: "Huntersville",
    zip: "28078",
    date: "2026-03-05",
    price: 900,
    status: "completed",
    service: "dryer-vent-cleaning",
    technicianId: other.member._id,
  });
  const ann = await seed(ctx.sql, {
    first: "Ann",
    last: "Able",
    email: "ann.able@example.org",
    date: "2026-05-20",
    price: 50,
    status: "cancelled",
  });
  await estimateFor(ctx.sql, marcus, "E-1001");
  await invoiceFor(ctx.sql, marcus, "INV-000012", 90000, 90000);
  await invoiceFor(ctx.sql, dana, "INV-000013", 35820, 1000);
  const fillers: string[] = [];
  for (let i = 0; i < 57; i++)
    fillers.push(await seed(ctx.sql, { date: `2026-04-${String((i % 28) + 1).padStart(2, "0")}` }));
  const all = 60;

  try {
    for (const limit of ["0", "101", "abc", "1.5", "-1"]) {
      await t.step(`refuses limit=${limit} with 400 naming limit`, async () => {
        const res = await ctx.asAdmin<ErrorBody>("GET", `/api/bookings?limit=${limit}`);
        assert.equal(res.status, 400);
        assert.match(JSON.stringify(res.body), /limit/);
      });
    }

    for (const cursor of ["garbage", "W10", btoa(JSON.stringify(["-created", "yesterday", dana])), "%%%"]) {
      await t.step(`refuses the cursor ${cursor} with 400 "cursor is not valid"`, async () => {
        const res = await ctx.asAdmin<ErrorBody>("GET", `/api/bookings?cursor=${encodeURIComponent(cursor)}`);
        assert.equal(res.status, 400);
        assert.match(JSON.stringify(res.body), /cursor is not valid/);
      });
    }

    await t.step("refuses a cursor made for another sort", async () => {
      const first = await list(ctx, "?limit=2&sort=date");
      const res = await list(ctx, `?limit=2&sort=amount&cursor=${encodeURIComponent(first.body.nextCursor!)}`);
      assert.equal(res.status, 400);
    });

    await t.step("pages by name past the longest name in a non-Latin script", async () => {
      const long = [
        await seed(ctx.sql, { first: "名".repeat(60), last: "王".repeat(60) }),
        await seed(ctx.sql, { first: "明".repeat(60), last: "王".repeat(60) }),
      ];
      // The first page's cursor holds the first name's whole sort value.
      const rows = await readAll(ctx, `?sort=name&limit=1&q=${encodeURIComponent("王王王")}`);
      assert.deepEqual(rows.map((r) => r._id).sort(), [...long].sort());
      await ctx.sql`delete from bookings where id = any(${long})`;
    });

    await t.step("refuses an unknown sort and an unknown parameter with 400", async () => {
      assert.equal((await list(ctx, "?sort=price")).status, 400);
      assert.equal((await list(ctx, "?colour=red")).status, 400);
      assert.equal((await list(ctx, "?technicianId=bob")).status, 400);
    });

    await t.step("answers the first 50 newest first, with the total and a cursor", async () => {
      const res = await list(ctx, "");
      assert.equal(res.status, 200);
      assert.equal(res.body.data.length, 50);
      assert.equal(res.body.total, all);
      assert.ok(res.body.nextCursor);
      const created = res.body.data.map((b) => b.createdAt);
      assert.deepEqual(created, [...created].sort().reverse());
    });

    const orders: [string, (a: Booking, b: Booking) => number][] = [
      ["date", (a, b) => a.cleaningDate.localeCompare(b.cleaningDate) || a._id.localeCompare(b._id)],
      ["-date", (a, b) => b.cleaningDate.localeCompare(a.cleaningDate) || b._id.localeCompare(a._id)],
      ["created", (a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id)],
      ["-created", (a, b) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id)],
      ["amount", (a, b) => a.estimatedPrice - b.estimatedPrice || a._id.localeCompare(b._id)],
      ["-amount", (a, b) => b.estimatedPrice - a.estimatedPrice || b._id.localeCompare(a._id)],
      [
        "name",
        (a, b) =>
          `${a.lastName} ${a.firstName}`
            .toLowerCase()
            .localeCompare(`${b.lastName} ${b.firstName}`.toLowerCase(), "en") || a._id.localeCompare(b._id),
      ],
    ];
    for (const [sort, compare] of orders) {
      await t.step(`sort=${sort} pages every row once, in that order`, async () => {
        const rows = await readAll(ctx, `?sort=${sort}&limit=7`);
        assert.equal(rows.length, all);
        assert.equal(new Set(rows.map((r) => r._id)).size, all);
        assert.deepEqual(
          rows.map((r) => r._id),
          [...rows].sort(compare).map((r) => r._id),
        );
      });
    }

    const filters: [string, string[]][] = [
      ["status=confirmed", [dana]],
      ["status=cancelled", [ann]],
      ["from=2026-03-01&to=2026-03-31", [dana, marcus]],
      ["from=2026-05-01", [ann]],
      [`technicianId=${tech.member._id}`, [dana]],
      ["service=dryer-vent-cleaning", [marcus]],
      ["paid=paid", [marcus]],
      ["paid=open", [dana]],
      ["technicianId=unassigned&status=cancelled", [ann]],
    ];
    for (const [filter, expected] of filters) {
      await t.step(`filters ${filter}`, async () => {
        const res = await list(ctx, `?${filter}`);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.deepEqual(ids(res.body).sort(), [...expected].sort());
        assert.equal(res.body.total, expected.length);
      });
    }

    await t.step("technicianId=unassigned lists the jobs of no one", async () => {
      const res = await list(ctx, "?technicianId=unassigned&limit=100");
      assert.equal(res.body.total, all - 2);
      assert.ok(res.body.data.every((b) => b.technicianId === null));
    });

    const searches: [string, string, string[]][] = [
      ["a part of the first name in another case", "DAN", [dana]],
      ["a part of the last name", "allist", [marcus]],
      ["first and last name", "dana whitfield", [dana]],
      ["the e-mail", "marcus@mail.test", [marcus]],
      ["the phone's digits", "5550131", [dana]],
      ["the phone typed with separators", "555-0131", [dana]],
      ["the phone typed as written", "(704) 555-0131", [dana]],
      ["a phone written with dots, by digits", "9805557777", [marcus]],
      ["the street", "oak street", [dana]],
      ["the city", "huntersville", [marcus]],
      ["the ZIP", "28209", [dana]],
      ["the estimate number", "E-1001", [marcus]],
      ["the invoice number", "INV-000012", [marcus]],
      ["the invoice number in lower case", "inv-000013", [dana]],
      ["the end of an invoice number", "013", [dana]],
      ["the start of the invoice numbers", "INV-00001", [marcus, dana]],
      ["not a part inside an invoice number", "0001", []],
      ["a wildcard taken literally", "%", []],
    ];
    for (const [what, q, expected] of searches) {
      await t.step(`q finds ${what} (${q})`, async () => {
        const res = await list(ctx, `?q=${encodeURIComponent(q)}`);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.deepEqual(ids(res.body).sort(), [...expected].sort());
        assert.equal(res.body.total, expected.length);
      });
    }

    await t.step("search and filters narrow together", async () => {
      assert.deepEqual(ids((await list(ctx, "?q=dana&status=completed")).body), []);
      assert.deepEqual(ids((await list(ctx, "?q=dana&status=confirmed")).body), [dana]);
    });

    await t.step("paging a filtered list yields every match once while new rows arrive between pages", async () => {
      const before = await readAll(ctx, "?from=2026-04-01&to=2026-04-30&sort=-created&limit=5");
      assert.deepEqual(before.map((b) => b._id).sort(), [...fillers].sort());
      const added: string[] = [];
      const rows = await readAll(ctx, "?from=2026-04-01&to=2026-04-30&sort=-created&limit=5", async () => {
        // Newer than every row (the first page's end), and one inside the range already read.
        added.push(
          await seed(ctx.sql, {
            date: "2026-04-15",
            createdAt: new Date(Date.UTC(2027, 0, added.length + 1)).toISOString(),
          }),
        );
      });
      assert.equal(new Set(rows.map((r) => r._id)).size, rows.length, "no row twice");
      assert.deepEqual(
        rows.map((r) => r._id).sort(),
        [...fillers].sort(),
        "every row, and the new ones after the start",
      );
      const byDate = await readAll(ctx, "?from=2026-04-01&to=2026-04-30&sort=date&limit=6", async () => {
        added.push(await seed(ctx.sql, { date: "2026-04-01" }));
      });
      assert.equal(new Set(byDate.map((r) => r._id)).size, byDate.length, "no row twice");
      for (const id of fillers)
        assert.ok(
          byDate.some((r) => r._id === id),
          "no row skipped",
        );
      await ctx.sql`delete from bookings where id = any(${added})`;
    });

    await t.step("a technician sees only their own jobs", async () => {
      const mine = await ctx.request<Page<Booking>>("GET", "/api/bookings", { token: tech.token });
      assert.equal(mine.status, 200);
      assert.deepEqual(ids(mine.body), [dana]);
      assert.equal(mine.body.total, 1);
      const searched = await ctx.request<Page<Booking>>("GET", "/api/bookings?q=marcus", { token: tech.token });
      assert.deepEqual(ids(searched.body), []);
      const own = await ctx.request<Page<Booking>>("GET", `/api/bookings?technicianId=${tech.member._id}`, {
        token: tech.token,
      });
      assert.deepEqual(ids(own.body), [dana]);
    });

    for (const asked of ["unassigned", "other"]) {
      await t.step(`refuses a technician asking for ${asked} jobs with 403`, async () => {
        const id = asked === "other" ? other.member._id : asked;
        const res = await ctx.request<ErrorBody>("GET", `/api/bookings?technicianId=${id}`, { token: tech.token });
        assert.equal(res.status, 403);
        assert.equal(res.body.message, "A technician sees only their own jobs");
      });
    }

    await t.step("since answers the rows changed after it, oldest change first, paged", async () => {
      const at = "2026-06-01T00:00:00.000Z";
      await ctx.sql`update bookings set updated_at = ${at}::timestamptz + interval '1 minute' where id = ${marcus}`;
      await ctx.sql`update bookings set updated_at = ${at}::timestamptz + interval '2 minutes' where id = ${dana}`;
      const res = await list(ctx, `?since=${at}&limit=1`);
      assert.deepEqual(ids(res.body), [marcus]);
      assert.equal(res.body.total, 2);
      const next = await list(ctx, `?since=${at}&limit=1&cursor=${encodeURIComponent(res.body.nextCursor!)}`);
      assert.deepEqual(ids(next.body), [dana]);
      assert.equal(next.body.nextCursor, null);
    });
  } finally {
    await ctx.close();
  }
});
