// Reports: the summary of a year of 100,000 bookings, their invoices and payments, and the CSV of those rows, through the API on real
// Postgres. The bookings are inserted by one generate_series statement straight into the bench database.
/* global fetch -- Node 20 has it; the lint config lists no Node globals for scripts. */
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { summarize } from "./stats.mjs";

export const REPORT_ROWS = 100_000;
const CUSTOMERS = 30_000;
const YEAR = { from: "2025-01-01", to: "2025-12-31" };
const SUMMARY_RUNS = 10;
const CSV_RUNS = 3;

/**
 * The money of a seeded history: completed visits are invoiced; two in three paid in full, one in six in part, the rest
 * still owed. The invoice numbers end where the allocator would have left them.
 */
export async function seedInvoices(sql) {
  await sql`
      insert into invoices (number, seq, booking_id, issued_at, due_at, lines, subtotal_cents, tax_cents, total_cents,
        tax_rate_percent, tax_label, created_by)
      select 'INV-' || lpad(n::text, 6, '0'), n, id, issued, issued + interval '14 days', '[]',
        cents, 0, cents, 0, 'Sales tax', 'Bench'
      from (
        select id, (estimated_price * 100)::bigint as cents, (cleaning_date + time '17:00') at time zone 'UTC' as issued,
               row_number() over (order by cleaning_date, id) as n
        from bookings where status = 'completed'
      ) as completed`;
  await sql`
      insert into payments (invoice_id, method, amount_cents, reference, at, by_name)
      select id, (array['cash', 'check', 'card', 'online'])[1 + seq % 4],
        case when seq % 6 = 0 then total_cents / 2 else total_cents end, '', issued_at + interval '1 hour', 'Bench'
      from invoices where seq % 6 <> 1`;
  await sql`
      insert into document_counters (kind, last_number) select 'invoice', max(seq) from invoices
      on conflict (kind) do update set last_number = excluded.last_number`;
  await sql`
      update invoices i set paid_cents = p.cents
      from (select invoice_id, sum(amount_cents) as cents from payments group by invoice_id) as p
      where p.invoice_id = i.id`;
}

async function seed(databaseUrl) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    // Every booking belongs to a customer record and a property, as the worker's linker leaves them (a pass over
    // 100,000 rows takes minutes here): 30,000 customers with one e-mail and one address each, made in bulk.
    await sql`
      insert into customers (id, name)
      select md5('bench-customer-' || k)::uuid, 'Bench Customer ' || k from generate_series(0, ${CUSTOMERS - 1}) as k`;
    await sql`
      insert into customer_emails (email, customer_id)
      select 'customer' || k || '@bench.example', md5('bench-customer-' || k)::uuid
      from generate_series(0, ${CUSTOMERS - 1}) as k`;
    await sql`
      insert into properties (id, customer_id, street, city, state, zip, furnace_or_unit, address_key)
      select md5('bench-property-' || k)::uuid, md5('bench-customer-' || k)::uuid, k || ' Main St', 'Charlotte', 'NC',
        (28200 + k % 40)::text, 'Furnace', address_key(k || ' Main St', (28200 + k % 40)::text)
      from generate_series(0, ${CUSTOMERS - 1}) as k`;
    await sql`
      insert into bookings (first_name, last_name, email, contact_number, home_address, city, state, zip,
        furnace_or_unit, service_type, unit_count, cleaning_date, cleaning_time, comment, original_price,
        discount_amount, estimated_price, status, time_zone, customer_id, property_id)
      select 'Bench', 'Customer ' || i, 'customer' || (i % ${CUSTOMERS}) || '@bench.example', '(704) 555-0100',
        (i % ${CUSTOMERS}) || ' Main St', 'Charlotte', 'NC', (28200 + i % 40)::text, 'Furnace',
        (array['air-duct-cleaning', 'dryer-vent-cleaning', 'hvac-cleaning', 'brush-cleaning'])[1 + i % 4],
        1 + i % 3, date '2025-01-01' + (i % 365), (array['9:00 AM', '11:00 AM', '1:00 PM', '3:00 PM'])[1 + i % 4],
        case when i % 50 = 0 then 'Gate code, "back door"' else '' end,
        99 + (i % 7) * 50, 0, 99 + (i % 7) * 50,
        case when i % 10 = 0 then 'cancelled' when i % 10 < 6 then 'completed' else 'confirmed' end,
        'America/New_York', md5('bench-customer-' || (i % ${CUSTOMERS}))::uuid,
        md5('bench-property-' || (i % ${CUSTOMERS}))::uuid
      from generate_series(1, ${REPORT_ROWS}) as i`;
    await seedInvoices(sql);
    await sql`analyze customers`;
    await sql`analyze customer_emails`;
    await sql`analyze properties`;
    await sql`analyze bookings`;
    await sql`analyze invoices`;
    await sql`analyze payments`;
  } finally {
    await sql.end();
  }
}

/** Seeds the year, then times the summary and the bookings CSV as an admin would fetch them. */
export async function measureReports(api, databaseUrl, token) {
  await seed(databaseUrl);
  const headers = { Authorization: `Bearer ${token}` };
  const query = `from=${YEAR.from}&to=${YEAR.to}`;
  const summaryTimes = [];
  let totals = null;
  for (let run = 0; run <= SUMMARY_RUNS; run++) {
    const start = performance.now();
    const res = await fetch(`${api.url}/api/reports/summary?${query}`, { headers });
    const body = await res.json();
    if (!res.ok) throw new Error(`summary answered ${res.status}: ${JSON.stringify(body)}`);
    // The first run warms the caches and the plan.
    if (run > 0) summaryTimes.push(performance.now() - start);
    totals = body.totals;
  }
  const csvRuns = [];
  for (let run = 0; run < CSV_RUNS; run++) {
    const start = performance.now();
    const res = await fetch(`${api.url}/api/reports/bookings.csv?${query}`, { headers });
    if (!res.ok) throw new Error(`bookings.csv answered ${res.status}`);
    let firstByte = null;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body) {
      firstByte ??= performance.now() - start;
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    csvRuns.push({ ms: performance.now() - start, firstByteMs: firstByte, bytes, rows: lines - 1 });
  }
  const summary = summarize(summaryTimes);
  const csvTimes = summarize(csvRuns.map((r) => r.ms));
  return {
    rows: REPORT_ROWS,
    bookingsCounted: totals?.bookings ?? 0,
    summary,
    csv: {
      ...csvTimes,
      firstByteMs: Math.min(...csvRuns.map((r) => r.firstByteMs)),
      megabytes: csvRuns[0].bytes / 1024 / 1024,
      rows: csvRuns[0].rows,
    },
  };
}
