// `npm run bench`: builds the PWA, starts what it measures on real Postgres and Redis, and prints the
// table that it also writes to docs/benchmarks.md. Timings vary from run to run: they live here, never in a test.
import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { child, CONNECTIONS, DURATION, measureBookings, measureServices, POSTGRES_URL } from "./api-runs.mjs";
import { buildWithManifest, measure, overBudget, sizeTable } from "./budgets.mjs";
import { lighthousePages } from "./lighthouse.mjs";
import { adminSession, adminToken, bin, createDatabase, ROOT, startApi, startRedis, stopAll } from "./processes.mjs";
import { render } from "./report.mjs";
import { measureOffice } from "./office.mjs";
import { measureReports } from "./reports.mjs";
import { measureBoard } from "./board.mjs";
import { measureMoves } from "./move.mjs";

const SOCKETS = 500;
/** A franchise: 50 offices' dashboards, over 3 instances. */
const FRANCHISE_SOCKETS = 5000;
const POSTS = 20;
const API_RUNS = Number(process.env.BENCH_API_RUNS ?? 3);

const NOTES_HEADING = "## Targets: what was done, and the gaps";

const log = (text) => console.error(`[bench] ${text}`);

const started = Date.now();
const dataDir = mkdtempSync(join(tmpdir(), "clearflow-bench-"));
let database = null;
let pwaDist = null;
try {
  log("building the PWA");
  pwaDist = buildWithManifest();
  const sizes = measure(pwaDist);

  log("starting redis-server, a bench database and an API instance");
  const redis = await startRedis();
  database = await createDatabase(POSTGRES_URL);
  const common = { databaseUrl: database.url, redisUrl: redis.url, pwaDist, dataDir };
  const a = await startApi(common);

  // 1. GET /api/services beside a bare handler answering the same JSON, API_RUNS times: one run on this shared
  // machine says little on its own.
  const services = [];
  for (let run = 1; run <= API_RUNS; run++) {
    log(`GET /api/services, run ${run} of ${API_RUNS}: bare handler, then the API`);
    services.push(await measureServices(a, dataDir));
  }

  // 2. POST /api/bookings beside the same transaction straight from postgres.js, as many times.
  const bookings = [];
  for (let run = 1; run <= API_RUNS; run++) {
    log(`POST /api/bookings, run ${run} of ${API_RUNS}, then the direct insert`);
    bookings.push(await measureBookings(a, database.url, redis.proc.child.pid));
  }

  // 3. newBooking fan-out to admin sockets: 500 over 2 instances, then 5,000 over 3. The others start only now: through
  // the services and bookings measures they would only decode the first one's broadcasts, on the same 2 cores (about
  // 5 % of a core while bookings are made), which is no part of what they measure, one instance against its ceiling.
  log(`fan-out: ${SOCKETS} admin sockets over 2 instances`);
  const b = await startApi(common);
  const token = await adminToken(a);
  const fanout = await child("fanout.mjs", {
    urls: [a.url, b.url],
    token,
    sockets: SOCKETS,
    posts: POSTS,
    offset: 2_000_000,
    pids: [a.proc.child.pid, b.proc.child.pid],
  });
  fanout.load = loadavg()[0];
  log(`fan-out: ${FRANCHISE_SOCKETS} admin sockets over 3 instances`);
  const c = await startApi(common);
  const franchise = await child("fanout.mjs", {
    urls: [a.url, b.url, c.url],
    token,
    sockets: FRANCHISE_SOCKETS,
    posts: POSTS,
    offset: 2_100_000,
    pids: [a.proc.child.pid, b.proc.child.pid, c.proc.child.pid],
  });
  franchise.load = loadavg()[0];
  await Promise.all([b.proc.stop(), c.proc.stop()]);

  // 4. Reports: a year of 100,000 bookings, summarized and exported.
  log("reports: seeding 100,000 bookings, then the summary and the bookings CSV");
  const reports = await measureReports(a, database.url, token);

  // 5. The office at 1,000 and 100,000 bookings: the staff lists and the dashboard in Chromium, each size on a
  // database and an instance of its own.
  log("office: the staff lists and the dashboard at 1,000 and 100,000 bookings");
  const office = await measureOffice({ pwaDist, dataDir });

  // 6. The dispatch board: its first draw with 20 technicians × 8 jobs, then the move round trip on one instance
  // (each with a fresh sign-in: creating the bench's technicians is a step-up action).
  log("dispatch: the board's first draw in Chromium, then the move round trip");
  const dispatch = {
    board: await measureBoard(a, await adminSession(a)),
    moves: await measureMoves(a, database.url, await adminToken(a)),
  };

  // 7. Lighthouse, one page at a time, on the instance serving the built PWA.
  const lighthouseRuns = await lighthousePages(a, database.url, token, log);

  const results = {
    date: new Date().toISOString(),
    commit: execSync("git rev-parse --short HEAD", { cwd: ROOT }).toString().trim(),
    machine: { cores: cpus().length, cpu: cpus()[0]?.model ?? "unknown", memoryGb: totalmem() / 1024 ** 3 },
    settings: { connections: CONNECTIONS, duration: DURATION, sockets: SOCKETS, posts: POSTS, apiRuns: API_RUNS },
    services,
    bookings,
    fanout: [fanout, franchise],
    reports,
    office,
    dispatch,
    sizes: { table: sizeTable(sizes), problems: overBudget(sizes) },
    lighthouse: lighthouseRuns,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  const markdown = render(results);
  console.log(markdown);
  if (process.env.BENCH_WRITE !== "0") {
    const doc = join(ROOT, "docs/benchmarks.md");
    // The hand-written account of the targets (what was tried, the gaps) outlives each run's table.
    const previous = existsSync(doc) ? readFileSync(doc, "utf8") : "";
    const notes = previous.indexOf(NOTES_HEADING);
    writeFileSync(doc, markdown + (notes >= 0 ? "\n" + previous.slice(notes) : ""));
    execSync(`${bin("prettier")} --write ${doc}`, { cwd: ROOT, stdio: "ignore" });
  }
  log(`done in ${results.seconds} s`);
} finally {
  await stopAll();
  await database?.drop().catch((error) => log(`could not drop the bench database: ${error}`));
  rmSync(dataDir, { recursive: true, force: true });
  if (pwaDist) rmSync(pwaDist, { recursive: true, force: true });
}
