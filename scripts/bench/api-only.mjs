// The API half of `npm run bench` on its own (no fan-out; a PWA build and Lighthouse only when asked), to iterate: the
// same processes and settings as run.mjs, figures printed as JSON and written nowhere.
// Usage: node scripts/bench/api-only.mjs [services|bookings|reports|pages]...   (services and bookings when none is
// named; "reports": the summary and CSV of a seeded year; "pages": Lighthouse on the pages a customer opens, on a build)
// BENCH_API_ARGS adds Deno flags to the API instance, e.g. "--v8-flags=--prof".
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { measureBookings, measureServices, POSTGRES_URL } from "./api-runs.mjs";
import { measureReports } from "./reports.mjs";
import { buildWithManifest } from "./budgets.mjs";
import { lighthousePages } from "./lighthouse.mjs";
import { adminToken, createDatabase, startApi, startRedis, stopAll } from "./processes.mjs";

const parts = process.argv.slice(2);
const wants = (part) => (parts.length === 0 && (part === "services" || part === "bookings")) || parts.includes(part);
const ratio = (run) => Math.round((run.api.perSecond / (run.bare ?? run.direct).perSecond) * 100) / 100;
const dataDir = mkdtempSync(join(tmpdir(), "clearflow-bench-"));
let database = null;
let pwaDist = null;
try {
  const redis = await startRedis();
  database = await createDatabase(POSTGRES_URL);
  const extraArgs = (process.env.BENCH_API_ARGS ?? "").split(" ").filter(Boolean);
  // Without "pages", no PWA build: the API serves its placeholder page, which the API measures never ask for.
  if (wants("pages")) pwaDist = buildWithManifest();
  const api = await startApi({
    databaseUrl: database.url,
    redisUrl: redis.url,
    pwaDist: pwaDist ?? dataDir,
    dataDir,
    extraArgs,
  });
  const results = {};
  if (wants("services")) {
    results.services = await measureServices(api, dataDir);
    results.services.ratio = ratio(results.services);
    if (results.services.oldBare) {
      results.services.oldRatio = ratio({ api: results.services.api, bare: results.services.oldBare });
    }
  }
  if (wants("bookings")) {
    results.bookings = await measureBookings(api, database.url, redis.proc.child.pid);
    results.bookings.ratio = ratio(results.bookings);
    if (results.bookings.oldDirect) {
      results.bookings.oldRatio = ratio({ api: results.bookings.api, direct: results.bookings.oldDirect });
    }
  }
  if (wants("reports")) results.reports = await measureReports(api, database.url, await adminToken(api));
  if (wants("pages")) {
    results.pages = await lighthousePages(api, database.url, await adminToken(api), (text) =>
      console.error(`[bench] ${text}`),
    );
  }
  console.log(JSON.stringify(results, null, 1));
} finally {
  await stopAll();
  // BENCH_KEEP_DATABASE=1 leaves the seeded database for EXPLAIN and A/B pairs, and names it.
  if (process.env.BENCH_KEEP_DATABASE === "1") {
    console.error(`[bench] kept ${database?.url}`);
    await database?.release();
  } else await database?.drop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  if (pwaDist) rmSync(pwaDist, { recursive: true, force: true });
}
