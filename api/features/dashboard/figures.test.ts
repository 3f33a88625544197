import assert from "node:assert/strict";
import type { DashboardSummary } from "../../contracts/dashboard/summary.ts";
import type { Sql, Tx } from "../../db/client.ts";
import { transaction } from "../../db/transaction.ts";
import { todayIn } from "../../contracts/schedule/dates.ts";
import { createTestDatabase } from "../../testing/database.ts";
import { createDashboardRepo } from "./repo.ts";

const ZONE = "America/New_York";
const MONTH = "2026-03-01";
const STATUSES = ["pending", "confirmed", "completed", "cancelled"] as const;

/** A small seeded generator, so a failing run can be read again. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/** The figures as the dashboard computed them before the counters: aggregates over every row. */
async function scanned(sql: Sql, month = MONTH): Promise<DashboardSummary> {
  const [row] = await sql<{ total: number; pending: number; completed: number; booked: string; net: string }[]>`
    select count(*)::int as total,
           count(*) filter (where status = 'pending')::int as pending,
           count(*) filter (where status = 'completed')::int as completed,
           (coalesce(sum(estimated_price) filter (where status <> 'cancelled'), 0) * 100)::bigint::text as booked,
           ((select coalesce(sum(amount_cents), 0) from payments)
             - (select coalesce(sum(amount_cents), 0) from refunds))::text as net
    from bookings`;
  // Payments less refunds, each by its own instant, from the first of the month at midnight in the zone.
  const [monthly] = await sql<{ net: string }[]>`
    select ((select coalesce(sum(amount_cents), 0) from payments where at >= start)
          - (select coalesce(sum(amount_cents), 0) from refunds where at >= start))::text as net
    from (select ${month}::date::timestamp at time zone ${ZONE} as start) s`;
  return {
    totalBookings: row!.total,
    pendingBookings: row!.pending,
    completed: row!.completed,
    totalRevenueCents: Number(row!.net),
    bookedValueCents: Number(row!.booked),
    collectedThisMonthCents: Number(monthly!.net),
  };
}

/** Inserts `count` bookings in one statement, each of a status and a price with cents drawn by `next`. */
async function insertBookings(sql: Sql | Tx, next: () => number, count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, () => ({
    status: STATUSES[Math.floor(next() * STATUSES.length)]!,
    price: (Math.floor(next() * 90_000) + 100) / 100,
  }));
  const inserted = await sql<{ id: string }[]>`
    insert into bookings (first_name, last_name, email, contact_number, home_address, city, state, zip,
      service_type, unit_count, cleaning_date, cleaning_time, original_price, discount_amount, estimated_price, status)
    select 'Pat', 'Figures', 'pat@example.com', '(704) 555-0100', '1 Main St', 'Charlotte', 'NC', '28203',
      'air-duct-cleaning', 1, '2026-03-10', '9:00 AM', r.price, 0, r.price, r.status
    from jsonb_to_recordset(${sql.json(rows)}) as r (status text, price numeric)
    returning id`;
  return inserted.map((r) => r.id);
}

/**
 * A payment on a new invoice of `bookingId`, at an instant within six days of `from`: by default either side of March's
 * first midnight in New York (05:00 UTC), on any minute and second.
 */
async function pay(sql: Sql | Tx, next: () => number, bookingId: string, n: number, from = "2026-02-27T00:00:00Z") {
  const [invoice] = await sql<{ id: string }[]>`
    insert into invoices (number, seq, booking_id, issued_at, due_at, lines, subtotal_cents, tax_cents,
      total_cents, tax_rate_percent, tax_label, created_by)
    values (${`INV-F${n}`}, ${100_000 + n}, ${bookingId}, now(), now(), '[]', 100000, 0, 100000, 0, 'Tax', 'test')
    returning id`;
  const at = new Date(Date.parse(from) + Math.floor(next() * 6 * 86_400_000)).toISOString();
  const [payment] = await sql<{ id: string }[]>`
    insert into payments (invoice_id, method, amount_cents, at, by_name)
    values (${invoice!.id}, 'card', ${1 + Math.floor(next() * 50_000)}, ${at}, 'test') returning id`;
  return payment!.id;
}

async function refund(sql: Sql | Tx, next: () => number, paymentId: string, from = "2026-02-28T00:00:00Z") {
  const at = new Date(Date.parse(from) + Math.floor(next() * 5 * 86_400_000)).toISOString();
  await sql`
    insert into refunds (payment_id, amount_cents, reason, at, by_name)
    select id, greatest(1, amount_cents / 3), 'test', ${at}, 'test' from payments where id = ${paymentId}`;
}

Deno.test("the dashboard's counters equal the aggregates over every row, whatever writes them", async (t) => {
  const db = await createTestDatabase();
  const repo = createDashboardRepo(db.sql);
  const next = random(41);
  try {
    await t.step("after random inserts, updates, deletes, payments and refunds, folded or not", async () => {
      const bookings: string[] = [];
      const payments: string[] = [];
      for (let round = 0; round < 12; round++) {
        bookings.push(...(await insertBookings(db.sql, next, 1 + Math.floor(next() * 30))));
        // A status changed for a few at once, a price for one, some deleted: every kind of update statement.
        const some = bookings.filter(() => next() < 0.2);
        await db.sql`update bookings set status = ${STATUSES[round % 4]!} where id = any(${some}::uuid[])`;
        const one = bookings[Math.floor(next() * bookings.length)]!;
        await db.sql`update bookings set estimated_price = estimated_price + 12.34 where id = ${one}`;
        const gone = bookings.filter(() => next() < 0.05);
        await db.sql`delete from bookings b where id = any(${gone}::uuid[])
          and not exists (select 1 from invoices i where i.booking_id = b.id)`;
        const unbilled = await db.sql<{ id: string }[]>`
          select id from bookings b where not exists (select 1 from invoices i where i.booking_id = b.id)`;
        for (const { id } of unbilled) {
          if (next() < 0.1) payments.push(await pay(db.sql, next, id, payments.length));
        }
        for (const id of payments) if (next() < 0.1) await refund(db.sql, next, id);
        // A payment's amount corrected, and a refunded payment's time moved across the month's start.
        if (payments.length > 0) {
          await db.sql`update payments set amount_cents = amount_cents + 7 where id = ${payments[0]!}`;
          await db.sql`update refunds set at = at - interval '3 days' where id in (select id from refunds limit 1)`;
        }
        // A fold keeps March's days (from 40 days before the test's 2 March), on some rounds only.
        if (round % 3 === 1) await repo.fold(new Date("2026-01-21T00:00:00Z"), ZONE);
        assert.deepEqual(await repo.summary(MONTH, ZONE), await scanned(db.sql), `round ${round}`);
      }
      const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from figure_deltas`;
      await repo.fold(new Date("2026-01-21T00:00:00Z"), ZONE);
      const [{ n: folded }] = await db.sql<{ n: number }[]>`select count(*)::int as n from figure_deltas`;
      assert.ok(folded < n, `a fold leaves fewer rows (${folded}) than it found (${n})`);
      // One row of the history before its bound, then one a day: every payment and refund here is within two weeks.
      const days = await db.sql<{ at: Date | null }[]>`select at from figure_deltas order by at nulls first`;
      assert.equal(days[0]!.at, null);
      assert.equal(new Set(days.map((d) => String(d.at))).size, days.length);
      assert.ok(days.length <= 1 + 14, `${days.length} rows`);
      assert.deepEqual(await repo.summary(MONTH, ZONE), await scanned(db.sql));
    });

    await t.step("an update that changes no figure (a linker's, a merge's) appends nothing", async () => {
      await repo.fold(new Date("2026-01-21T00:00:00Z"), ZONE);
      const before = await db.sql`select * from figure_deltas order by id`;
      await db.sql`update bookings set comment = 'gate code 1234'`;
      await db.sql`update payments set reference = 'checked'`;
      assert.deepEqual(await db.sql`select * from figure_deltas order by id`, before);
    });

    await t.step("parallel writers and folds: no deadlock, exact sums", async () => {
      const writer = async (w: number) => {
        const mine = random(1000 + w);
        for (let i = 0; i < 15; i++) {
          await transaction(db.sql, async (tx) => {
            const [id] = await insertBookings(tx, mine, 1);
            await tx`update bookings set status = 'completed' where id = ${id!}`;
            const payment = await pay(tx, mine, id!, 10_000 + w * 100 + i);
            if (i % 3 === 0) await refund(tx, mine, payment);
          });
        }
      };
      const folds = async () => {
        for (let i = 0; i < 10; i++) await repo.fold(new Date("2026-01-21T00:00:00Z"), ZONE);
      };
      await Promise.all([...Array.from({ length: 6 }, (_, w) => writer(w)), folds(), folds()]);
      assert.deepEqual(await repo.summary(MONTH, ZONE), await scanned(db.sql));
    });
  } finally {
    await db.close();
  }
});

Deno.test("the migration counts the history already written", async () => {
  const db = await createTestDatabase();
  try {
    const next = random(7);
    const ids = await insertBookings(db.sql, next, 40);
    // The migration folds by the database's own clock: money of the days around today, so this month has some.
    const from = new Date(Date.now() - 4 * 86_400_000).toISOString();
    for (const [n, id] of ids.slice(0, 10).entries()) {
      await refund(db.sql, next, await pay(db.sql, next, id, n, from), from);
    }
    const month = `${todayIn(ZONE, new Date()).slice(0, 7)}-01`;
    // The counters as a database upgraded to 023 would find them: emptied, then the migration's own backfill.
    const migration = await Deno.readTextFile(
      new URL("../../db/migrations/023_dashboard_figures.sql", import.meta.url),
    );
    const backfill = migration.slice(migration.indexOf("-- The history as it stands"));
    await db.sql`delete from figure_deltas`;
    await db.sql.unsafe(backfill);
    await createDashboardRepo(db.sql).fold(new Date(Date.now() - 40 * 86_400_000), ZONE);
    assert.deepEqual(await createDashboardRepo(db.sql).summary(month, ZONE), await scanned(db.sql, month));
  } finally {
    await db.close();
  }
});
