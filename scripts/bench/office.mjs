// The office at any size: the same staff lists and dashboard with 1,000 and with 100,000 bookings, on real Postgres.
// For each size: a database of its own, seeded straight in SQL (three years of visits and 60 days ahead, invoices
// and payments for the completed ones), every booking linked to its customer by the worker's own pass; then the list
// API (first page, a deep page, a search) and the dashboard in Chromium at 1024×768 with the CPU throttled 4×: from
// navigation to the first row, a click on Customers to its first row, and the JS heap. The 100,000 figures should be
// within 1.3× of the 1,000 ones: no screen may grow with the history.
// Run alone: `node scripts/bench/office.mjs` (builds the PWA); `npm run bench` runs it with the rest. Alone it takes:
//   --api-only        the list API and the summary only: no PWA build, no browser (and no browser rows in the table);
//   --runs=N          N reads per API figure (30 by default), for a p50 that holds on a shared machine;
//   --keep            keeps each size's seeded database and prints its URL, to read plans on or to measure again;
//   --databases=A,B   measures databases kept before (1,000 then 100,000 bookings) instead of seeding new ones.
//   --sizes=1000      one size only (or --sizes=1000,100000);
//   --browser-only    the dashboard in Chromium only: no list API;
//   --dist=<dir>      a PWA built with --manifest and kept, instead of building one.
/* global fetch, document, window, performance, MutationObserver -- Node 20 and the page have them. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance as clock } from "node:perf_hooks";
import postgres from "postgres";
import { POSTGRES_URL } from "./api-runs.mjs";
import { ADMIN, bin, createDatabase, ROOT, startApi, stopAll } from "./processes.mjs";
import { seedInvoices } from "./reports.mjs";
import { summarize } from "./stats.mjs";
import { signedInTablet } from "./tablet.mjs";

export const OFFICE_SIZES = [
  { bookings: 1_000, customers: 300 },
  { bookings: 100_000, customers: 30_000 },
];
const API_RUNS_DEFAULT = 30;
const BROWSER_RUNS = 5;
/** Page 40 of 50 rows: the 2,000th booking, where an OFFSET list would read and throw away 1,950 rows. */
const DEEP_PAGE = 40;
const THROTTLE = 4;

const log = (text) => console.error(`[bench office] ${text}`);

async function seed(databaseUrl, { bookings, customers }) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    // Customer k (i % customers) books again every `customers` bookings; visits run from three years back to 60 days
    // ahead, the past ones completed (one in ten cancelled), the future ones pending or confirmed.
    await sql`
      insert into bookings (first_name, last_name, email, contact_number, home_address, city, state, zip,
        furnace_or_unit, service_type, unit_count, cleaning_date, cleaning_time, comment, original_price,
        discount_amount, estimated_price, status, time_zone, created_at, updated_at)
      select (array['Mei', 'Ana', 'Luis', 'Dana', 'Ruth', 'Omar', 'Jade', 'Hank'])[1 + k % 8], 'Customer' || k,
        'customer' || k || '@bench.example',
        '(' || (704 + k / 10000) || ') 555-' || lpad((k % 10000)::text, 4, '0'),
        (100 + k % 9000) || ' ' || (array['Oak St', 'Elm Ave', 'Park Rd', 'Sharon Ln'])[1 + k % 4],
        (array['Charlotte', 'Matthews', 'Gastonia', 'Concord'])[1 + k % 4], 'NC', (28200 + k % 40)::text, 'Furnace',
        (array['air-duct-cleaning', 'dryer-vent-cleaning', 'hvac-system-cleaning', 'brush-cleaning'])[1 + i % 4],
        1 + i % 3, day, (array['9:00 AM', '11:00 AM', '1:00 PM', '3:00 PM'])[1 + i % 4], '',
        99 + (i % 7) * 50, 0, 99 + (i % 7) * 50,
        case when day >= current_date then (case when i % 3 = 0 then 'pending' else 'confirmed' end)
             when i % 10 = 0 then 'cancelled' else 'completed' end,
        'America/New_York', day - 14 + (i % 86400) * interval '1 second', day - 14 + (i % 86400) * interval '1 second'
      from (
        select i, i % ${customers} as k,
          current_date - 1095 + ((i::bigint * 1155) / ${bookings})::int as day
        from generate_series(1, ${bookings}) as i
      ) as plan`;
    await seedInvoices(sql);
  } finally {
    await sql.end();
  }
  // The worker's own pass links each booking to its customer and property (a customer per e-mail).
  const out = execFileSync(bin("deno"), ["run", "-A", "scripts/bench/link-customers.ts", databaseUrl], {
    cwd: ROOT,
    maxBuffer: 1 << 20,
  });
  const linked = JSON.parse(out.toString().trim().split("\n").pop()).linked;
  const analyze = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await analyze`vacuum analyze`;
    const [{ count }] = await analyze`select count(*)::int as count from customers where merged_into is null`;
    return { linked, customers: count };
  } finally {
    await analyze.end();
  }
}

/** The bench admin's session as the login screen keeps it: the token and the user. */
async function signIn(api) {
  const login = await fetch(`${api.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  return await login.json();
}

async function timed(url, headers) {
  const start = clock.now();
  const res = await fetch(url, { headers });
  const body = await res.json();
  const ms = clock.now() - start;
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms, body };
}

/** p50 of `runs` reads of `url` after one warm-up. */
async function p50(url, headers, runs) {
  await timed(url, headers);
  const times = [];
  for (let i = 0; i < runs; i++) times.push((await timed(url, headers)).ms);
  return Math.round(summarize(times).p50 * 10) / 10;
}

async function measureApi(api, token, customers, runs = API_RUNS_DEFAULT) {
  const headers = { Authorization: `Bearer ${token}` };
  const base = `${api.url}/api`;
  // A deep page: the cursor after DEEP_PAGE pages, followed as the screen would.
  let cursor = null;
  for (let page = 1; page < DEEP_PAGE; page++) {
    const { body } = await timed(
      `${base}/bookings?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      headers,
    );
    cursor = body.nextCursor;
  }
  return {
    bookingsFirst: await p50(`${base}/bookings?limit=50`, headers, runs),
    bookingsDeep: await p50(`${base}/bookings?limit=50&cursor=${encodeURIComponent(cursor)}`, headers, runs),
    bookingsFiltered: await p50(`${base}/bookings?limit=50&status=completed&sort=-date`, headers, runs),
    // Four digits of a phone (one customer's at 300, three at 30,000: the seed's phones repeat them per area code).
    searchPhone: await p50(`${base}/bookings?limit=50&q=0131`, headers, runs),
    // The start of a name that eleven customers' begin with at either size: "customer29" (29, 290 to 299) at 300,
    // "customer2999" (2999, 29990 to 29999) at 30,000. The same answer at both sizes, as the ratio needs.
    searchName: await p50(`${base}/bookings?limit=50&q=customer${Math.floor((customers - 1) / 10)}`, headers, runs),
    // The last customer's whole name: one customer at either size.
    searchOne: await p50(`${base}/bookings?limit=50&q=customer${customers - 1}`, headers, runs),
    // A part inside the names that no word begins with: the trigram index's fallback, "ustomer29999" (one customer)
    // at 30,000 and "ustomer299" at 300. Every seeded name holds "ustomer", so the trigram index reads every
    // customer's posting for those letters: what the words' index is there to spare the searches above.
    searchInside: await p50(`${base}/bookings?limit=50&q=ustomer${customers - 1}`, headers, runs),
    customersFirst: await p50(`${base}/customers?limit=50`, headers, runs),
    customersSearch: await p50(`${base}/customers?limit=50&q=555-0131`, headers, runs),
    summary: await p50(`${base}/dashboard/summary`, headers, runs),
  };
}

/**
 * Records, in the page, when the first row of a staff table with a caption matching the screen appears: timed from
 * the navigation's start (performance.now()), or from the click that `clickAt` marks.
 */
function watchRows() {
  window.__rows = {};
  const look = () => {
    for (const table of document.querySelectorAll("table")) {
      const caption = table.querySelector("caption")?.textContent ?? "";
      if (table.querySelector("tbody tr") && !window.__rows[caption]) window.__rows[caption] = performance.now();
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
}

async function measureBrowser(api, token, user) {
  const firstRow = [];
  const customersRow = [];
  const heap = [];
  const { browser, context } = await signedInTablet(api, { token, user });
  try {
    await context.addInitScript(watchRows);
    // A tablet in daily use: the app and its service worker are installed, so the runs below are warm loads.
    const warm = await context.newPage();
    await warm.goto("/dashboard");
    await warm.waitForFunction(() => Object.keys(window.__rows).length > 0, null, { timeout: 60_000 });
    await warm.close();
    for (let run = 0; run < BROWSER_RUNS; run++) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
      await page.goto("/dashboard", { waitUntil: "commit" });
      const recent = await page.waitForFunction(
        () => Object.entries(window.__rows).find(([caption]) => /recent/i.test(caption))?.[1],
        null,
        { timeout: 60_000 },
      );
      firstRow.push(await recent.jsonValue());
      await page.waitForLoadState("networkidle");
      const link = page.getByRole("link", { name: /^Customers/ }).first();
      await link.waitFor();
      const clickedAt = await page.evaluate(() => performance.now());
      await link.click();
      const customers = await page.waitForFunction(
        () => Object.entries(window.__rows).find(([caption]) => /customers/i.test(caption))?.[1],
        null,
        { timeout: 60_000 },
      );
      customersRow.push((await customers.jsonValue()) - clickedAt);
      await page.waitForLoadState("networkidle");
      await cdp.send("HeapProfiler.collectGarbage");
      const { usedSize } = await cdp.send("Runtime.getHeapUsage");
      heap.push(usedSize / 1024 / 1024);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  const round = (values) => Math.round(summarize(values).p50);
  return {
    firstRowMs: round(firstRow),
    customersClickMs: round(customersRow),
    heapMb: Math.round(summarize(heap).p50 * 10) / 10,
    runs: { firstRow: firstRow.map(Math.round), customersClick: customersRow.map(Math.round) },
  };
}

/**
 * Measures every size on its own database and instance; `pwaDist` is a built PWA (none with `apiOnly`). `databases`
 * are seeded ones kept by an earlier `keep`, in OFFICE_SIZES' order.
 */
export async function measureOffice({
  pwaDist,
  dataDir,
  apiOnly = false,
  browserOnly = false,
  sizes = OFFICE_SIZES,
  runs,
  keep = false,
  databases = [],
}) {
  const results = [];
  for (const size of sizes) {
    const kept = databases[OFFICE_SIZES.indexOf(size)];
    const database = kept ? { url: kept, drop: async () => {} } : await createDatabase(POSTGRES_URL);
    try {
      const api = await startApi({ databaseUrl: database.url, pwaDist, dataDir });
      let seeded = {};
      if (!kept) {
        log(`seeding ${size.bookings} bookings of ${size.customers} customers`);
        const started = Date.now();
        seeded = await seed(database.url, size);
        log(`seeded and linked in ${Math.round((Date.now() - started) / 1000)} s`);
      }
      log(`the list API at ${size.bookings} bookings`);
      const { token, user } = await signIn(api);
      const apiFigures = browserOnly ? null : await measureApi(api, token, size.customers, runs);
      let browserFigures = null;
      if (!apiOnly) {
        log("the dashboard in Chromium, 4× throttled");
        browserFigures = await measureBrowser(api, token, user);
      }
      results.push({ ...size, ...seeded, api: apiFigures, browser: browserFigures });
      await api.proc.stop();
    } finally {
      if (keep) log(`kept the ${size.bookings} bookings' database: ${database.url}`);
      else await database.drop();
    }
  }
  return results;
}

/** The table of docs/benchmarks.md: each figure at both sizes, and their ratio. */
export function officeTable(results) {
  const [small, large] = results;
  const rows = [
    ["GET /api/bookings, first page (p50 ms)", (r) => r.api.bookingsFirst, 50],
    [`GET /api/bookings, page ${DEEP_PAGE} (p50 ms)`, (r) => r.api.bookingsDeep, 50],
    ["GET /api/bookings, completed by date (p50 ms)", (r) => r.api.bookingsFiltered, 50],
    ["search: four digits of a phone (p50 ms)", (r) => r.api.searchPhone, 100],
    ["search: the start of a name (p50 ms)", (r) => r.api.searchName, 100],
    ["search: one customer's name (p50 ms)", (r) => r.api.searchOne, 100],
    ["search: a part inside one name (p50 ms)", (r) => r.api.searchInside, 100],
    ["GET /api/customers, first page (p50 ms)", (r) => r.api.customersFirst, 50],
    ["GET /api/customers, phone search (p50 ms)", (r) => r.api.customersSearch, 100],
    ["GET /api/dashboard/summary (p50 ms)", (r) => r.api.summary, null],
    ["dashboard: navigation to first row (ms, 4× CPU)", (r) => r.browser.firstRowMs, 1500],
    ["click on Customers to its first row (ms, 4× CPU)", (r) => r.browser.customersClickMs, 300],
    ["JS heap after both (MB)", (r) => r.browser.heapMb, null],
  ];
  const lines = [
    `| figure | ${small.bookings.toLocaleString("en-US")} bookings | ${large.bookings.toLocaleString("en-US")} bookings | ratio | target |`,
    "| --- | --- | --- | --- | --- |",
  ];
  for (const [name, pick, target] of rows) {
    // Without the browser's part (--api-only), its rows are left out.
    if (!small.browser && name.includes("(ms, 4× CPU)")) continue;
    if (!small.browser && name.startsWith("JS heap")) continue;
    const a = pick(small);
    const b = pick(large);
    const ratio = a > 0 ? (b / a).toFixed(2) : "–";
    lines.push(`| ${name} | ${a} | ${b} | ${ratio} | ${target === null ? "–" : `≤ ${target}`} |`);
  }
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { buildWithManifest } = await import("./budgets.mjs");
  const flag = (name) => process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  const valueOf = (name) => flag(name)?.split("=").slice(1).join("=");
  const apiOnly = flag("api-only") !== undefined;
  const runs = valueOf("runs") ? Number(valueOf("runs")) : undefined;
  const databases = valueOf("databases")?.split(",") ?? [];
  const wanted = valueOf("sizes")?.split(",").map(Number);
  const sizes = wanted ? OFFICE_SIZES.filter((size) => wanted.includes(size.bookings)) : OFFICE_SIZES;
  const browserOnly = flag("browser-only") !== undefined;
  const dataDir = mkdtempSync(join(tmpdir(), "clearflow-bench-office-"));
  const givenDist = valueOf("dist");
  let pwaDist = givenDist ?? null;
  try {
    if (!apiOnly && !pwaDist) {
      log("building the PWA");
      pwaDist = buildWithManifest();
    }
    const results = await measureOffice({
      pwaDist,
      dataDir,
      apiOnly,
      browserOnly,
      sizes,
      runs,
      keep: flag("keep") !== undefined,
      databases,
    });
    console.log(JSON.stringify(results, null, 2));
    if (results.length === 2 && !browserOnly) console.log(officeTable(results));
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
    if (pwaDist && !givenDist) rmSync(pwaDist, { recursive: true, force: true });
  }
}
