// The staff's lists at two sizes (decision 0059): GET /api/bookings on 1,000 and on 100,000 bookings (30,000 distinct
// customers' e-mails), each size in a database of its own, through one API instance on real Postgres. Measured: the
// first page, a page deep in the list (the cursor after 50 pages of 50, or the last page of a smaller list), and
// searches (a part of a name, phone digits, an e-mail). Prints p50/p99 in milliseconds as JSON; writes nothing.
// Usage: node scripts/bench/lists.mjs   (BENCH_DATABASE_URL as the bench's; BENCH_LIST_SIZES=1000,100000)
/* global fetch -- Node 20 has it; the lint config lists no Node globals for scripts. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { POSTGRES_URL } from "./api-runs.mjs";
import { adminToken, createDatabase, startApi, startRedis, stopAll } from "./processes.mjs";
import { summarize } from "./stats.mjs";

const SIZES = (process.env.BENCH_LIST_SIZES ?? "1000,100000").split(",").map(Number);
const CUSTOMERS = 30_000;
const RUNS = 30;
const DEEP_PAGES = 50;
const SEARCHES = ["whitf", "5550131", "customer1234@bench", "oak street 28209"];

async function seed(databaseUrl, rows) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    // Three years of a five-technician company: names, phones and streets vary per customer, a few are findable.
    await sql`
      insert into bookings (first_name, last_name, email, contact_number, home_address, city, state, zip,
        service_type, unit_count, cleaning_date, cleaning_time, original_price, discount_amount, estimated_price,
        status, created_at, updated_at)
      select (array['Dana', 'Marcus', 'Ann', 'Luis', 'Priya', 'Tom'])[1 + c % 6],
        case when c = 7 then 'Whitfield' else 'Customer' || c end,
        'customer' || c || '@bench.example',
        case when c = 7 then '(704) 555-0131' else '(704) ' || lpad((c % 900 + 100)::text, 3, '0') || '-'
          || lpad((c % 10000)::text, 4, '0') end,
        c || ' Oak Street', (array['Charlotte', 'Matthews', 'Concord', 'Huntersville'])[1 + c % 4], 'NC',
        (28200 + c % 40)::text, 'air-duct-cleaning', 1 + i % 3, date '2024-01-01' + (i % 1095),
        (array['9:00 AM', '11:00 AM', '1:00 PM', '3:00 PM'])[1 + i % 4], 299, 0, 299 + i % 7 * 50,
        (array['pending', 'confirmed', 'completed', 'cancelled'])[1 + i % 4],
        timestamptz '2024-01-01' + i * interval '15 minutes', timestamptz '2024-01-01' + i * interval '15 minutes'
      from generate_series(1, ${rows}) as i, lateral (select i % ${CUSTOMERS} as c) as customer`;
    await sql`analyze bookings`;
  } finally {
    await sql.end();
  }
}

async function timed(url, token) {
  const started = performance.now();
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  const body = await res.json();
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
}

async function p50Of(url, token) {
  await timed(url, token); // warm
  const times = [];
  for (let n = 0; n < RUNS; n++) times.push((await timed(url, token)).ms);
  const { p50, p99 } = summarize(times);
  return { p50: Math.round(p50 * 10) / 10, p99: Math.round(p99 * 10) / 10 };
}

async function measure(api, token, rows) {
  const list = `${api.url}/api/bookings`;
  let cursor = null;
  let pages = 0;
  for (; pages < DEEP_PAGES; pages++) {
    const { body } = await timed(`${list}?limit=50${cursor ? `&cursor=${cursor}` : ""}`, token);
    if (!body.nextCursor) break;
    cursor = body.nextCursor;
  }
  const searches = {};
  for (const q of SEARCHES) searches[q] = await p50Of(`${list}?q=${encodeURIComponent(q)}`, token);
  return {
    rows,
    firstPage: await p50Of(`${list}?limit=50`, token),
    deepPage: { after: pages, ...(await p50Of(`${list}?limit=50&cursor=${cursor}`, token)) },
    byDate: await p50Of(`${list}?limit=50&sort=date&from=2025-06-01`, token),
    searches,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), "clearflow-bench-lists-"));
const results = [];
try {
  const redis = await startRedis();
  for (const rows of SIZES) {
    const database = await createDatabase(POSTGRES_URL);
    try {
      const api = await startApi({ databaseUrl: database.url, redisUrl: redis.url, pwaDist: dataDir, dataDir });
      await seed(database.url, rows);
      results.push(await measure(api, await adminToken(api), rows));
      await api.proc.stop();
    } finally {
      await database.drop().catch(() => {});
    }
  }
  console.log(JSON.stringify(results, null, 1));
} finally {
  await stopAll();
  rmSync(dataDir, { recursive: true, force: true });
}
