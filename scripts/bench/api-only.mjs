// The API half of `npm run bench` on its own (no PWA build, fan-out or Lighthouse), to iterate on the API: the
// same processes and settings as run.mjs, figures printed as JSON and written nowhere.
// Usage: node scripts/bench/api-only.mjs [services|bookings]...   (both when none is named)
// BENCH_API_ARGS adds Deno flags to the API instance, e.g. "--v8-flags=--prof".
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { measureBookings, measureServices, POSTGRES_URL } from "./api-runs.mjs";
import { createDatabase, startApi, startRedis, stopAll } from "./processes.mjs";

const parts = process.argv.slice(2);
const wants = (part) => parts.length === 0 || parts.includes(part);
const ratio = (run) => Math.round((run.api.perSecond / (run.bare ?? run.direct).perSecond) * 100) / 100;
const dataDir = mkdtempSync(join(tmpdir(), "clearflow-bench-"));
let database = null;
try {
  const redis = await startRedis();
  database = await createDatabase(POSTGRES_URL);
  const extraArgs = (process.env.BENCH_API_ARGS ?? "").split(" ").filter(Boolean);
  // No PWA build: the API serves its placeholder page, which these measures never ask for.
  const api = await startApi({ databaseUrl: database.url, redisUrl: redis.url, pwaDist: dataDir, dataDir, extraArgs });
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
  console.log(JSON.stringify(results, null, 1));
} finally {
  await stopAll();
  await database?.drop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}
