// Lighthouse A/B on the pages a customer opens, for a change to the public pages' start: two builds of the PWA, each
// served by an API instance of its own on one database, measured in turns (A, B, A, B…) so that both see the same
// moments of a shared machine. Prints each run, then per page and build the median and range of the score, LCP and
// TBT, and the scripts that cost the most main-thread time (Lighthouse's bootup-time audit), as JSON lines.
// Usage: node scripts/bench/lighthouse-ab.mjs --a <dist> --b <dist> [--runs 3] [--pages /,/booking,estimate,invoice]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { POSTGRES_URL } from "./api-runs.mjs";
import { emailPages } from "./email-pages.mjs";
import { lighthouse } from "./lighthouse.mjs";
import { adminToken, createDatabase, startApi, startRedis, stopAll } from "./processes.mjs";

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const dists = { A: arg("a"), B: arg("b") };
if (!dists.A || !dists.B) throw new Error("usage: lighthouse-ab.mjs --a <dist> --b <dist> [--runs N] [--pages …]");
const runs = Number(arg("runs", "3"));
const pages = arg("pages", "/,/services/air-duct-cleaning,/booking,estimate,invoice").split(",");

const median = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const summary = (values) => `${median(values)} (${Math.min(...values)}–${Math.max(...values)})`;

const dataDir = mkdtempSync(join(tmpdir(), "clearflow-lh-ab-"));
let database = null;
try {
  const redis = await startRedis();
  database = await createDatabase(POSTGRES_URL);
  const common = { databaseUrl: database.url, redisUrl: redis.url, dataDir };
  const apis = {
    A: await startApi({ ...common, pwaDist: dists.A }),
    B: await startApi({ ...common, pwaDist: dists.B }),
  };
  // The same estimate and invoice for both builds: their tokens are the database's.
  const email = await emailPages(apis.A, database.url, await adminToken(apis.A));
  const paths = {};
  for (const page of pages) {
    const found = email.pages.find((item) => item.page.startsWith(`/${page}s/`));
    paths[page] = found ? await found.url() : page;
  }
  await email.close();
  const results = [];
  for (let run = 1; run <= runs; run++) {
    for (const page of pages) {
      // Alternate which build goes first, so neither always follows the other.
      for (const side of run % 2 ? ["A", "B"] : ["B", "A"]) {
        const result = await lighthouse(`http://localhost:${apis[side].port}${paths[page]}`);
        const row = {
          run,
          page,
          side,
          perf: result.performance,
          lcp: Math.round(result.lcp),
          tbt: Math.round(result.tbt),
        };
        results.push({ ...row, bootup: result.bootup });
        console.log(JSON.stringify({ ...row, bootup: result.bootup?.slice(0, 4) }));
      }
    }
  }
  for (const page of pages) {
    for (const side of ["A", "B"]) {
      const mine = results.filter((row) => row.page === page && row.side === side);
      console.log(
        `${page} ${side}: perf ${summary(mine.map((r) => r.perf))}, LCP ${summary(mine.map((r) => r.lcp))} ms, ` +
          `TBT ${summary(mine.map((r) => r.tbt))} ms`,
      );
    }
  }
} finally {
  await stopAll();
  await database?.drop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}
