// The API measures of the bench, shared by run.mjs (the whole bench) and api-only.mjs (just these, to iterate):
// GET /api/services beside a bare Hono handler, POST /api/bookings beside the same transaction from postgres.js.
/* global fetch -- Node 20 has it; the lint config lists no Node globals for scripts. */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { ADMIN, bin, freePort, ROOT, startProcess, waitHttp } from "./processes.mjs";

export const CONNECTIONS = 50;
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const WARMUP = 3;
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Runs a helper script in its own Node (or Deno) process and parses the JSON it prints. */
export function child(script, options, runtime = "node") {
  const [command, args] =
    runtime === "deno"
      ? [bin("deno"), ["run", "-A", join(ROOT, "scripts/bench", script)]]
      : [process.execPath, [join(ROOT, "scripts/bench", script)]];
  return new Promise((resolve, reject) => {
    const proc = spawn(command, [...args, JSON.stringify(options)], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    proc.stdout.on("data", (chunk) => (out += chunk));
    proc.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`${script} exited with ${code}`));
      resolve(JSON.parse(out));
    });
  });
}

const autocannon = (options) => child("load.mjs", { connections: CONNECTIONS, ...options });

/**
 * The fields of /proc/<pid>/stat after the command's name: [1] is the parent, [11..14] the CPU ticks (its own, then
 * its reaped children's).
 */
const statFields = (pid) => readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
const TICK_MS = 1000 / 100;

/** CPU time (user + system, ms) a process has used so far; null where /proc is not there. */
function cpuMs(pid) {
  try {
    const fields = statFields(pid);
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/**
 * CPU time (ms) all of this machine's Postgres processes have used so far, the bench's server being the local one:
 * the live ones' own, and the postmaster's reaped children's (a connection closed during a measure still counts).
 * Null where /proc is not there.
 */
function postgresCpuMs() {
  try {
    const processes = new Map();
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (!readFileSync(`/proc/${entry}/comm`, "utf8").startsWith("postgres")) continue;
        processes.set(entry, statFields(entry));
      } catch {
        // Gone while being read: its CPU is the postmaster's now.
      }
    }
    let total = 0;
    for (const fields of processes.values()) {
      total += (Number(fields[11]) + Number(fields[12])) * TICK_MS;
      if (!processes.has(fields[1])) total += (Number(fields[13]) + Number(fields[14])) * TICK_MS;
    }
    return processes.size === 0 ? null : total;
  } catch {
    return null;
  }
}

/** CPU ms per item of each part between two readings: null where a reading is missing. */
const perItem = (before, after, count) =>
  Object.fromEntries(
    Object.keys(after).map((part) => [
      part,
      before[part] === null || after[part] === null ? null : (after[part] - before[part]) / Math.max(1, count),
    ]),
  );

/**
 * One measured autocannon run against the server process `pid`. Besides throughput and latency: the server's CPU
 * milliseconds per answered request, which moves far less than throughput when other work shares the machine.
 */
async function measured(pid, options, others = {}) {
  const read = () => ({ server: cpuMs(pid), ...Object.fromEntries(Object.entries(others).map(([k, f]) => [k, f()])) });
  const before = read();
  const r = await autocannon(options);
  const after = read();
  // The machine's load average over the last minute, as uptime shows it: on a shared machine, part of every figure.
  const load = loadavg()[0];
  const cpu = perItem(before, after, r.requests.total);
  return {
    perSecond: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx + r.errors,
    cpuMsPerRequest: cpu.server,
    load,
    // Where the machine's cores went per request, by process (the load generator's as it measured itself).
    cpuByProcess: { ...cpu, load: r.cpuMs / Math.max(1, r.requests.total) },
  };
}

/** The ceiling's server answering `servicesJson`, measured after a warm-up; `mode` "each-time" is the old ceiling. */
async function measureBare(servicesJson, mode = "") {
  const barePort = await freePort();
  const args = ["run", "-A", "scripts/bench/bare-server.ts", String(barePort), servicesJson, ...(mode ? [mode] : [])];
  const bare = startProcess(bin("deno"), args);
  const bareUrl = `http://127.0.0.1:${barePort}/api/services`;
  await waitHttp(bareUrl, bare);
  await autocannon({ url: bareUrl, duration: WARMUP });
  const run = await measured(bare.child.pid, { url: bareUrl, duration: DURATION });
  await bare.stop();
  return run;
}

/**
 * 1. GET /api/services on `api`, beside a bare Hono handler answering the same bytes on the same server setup, back to
 * back. BENCH_OLD_CEILING=1 measures the old ceiling (serializing on each request) in the same run, for the A/B.
 */
export async function measureServices(api, dataDir) {
  const servicesJson = join(dataDir, "services.json");
  writeFileSync(servicesJson, await (await fetch(`${api.url}/api/services`)).text());
  const bareRun = await measureBare(servicesJson);
  const url = `${api.url}/api/services`;
  await autocannon({ url, duration: WARMUP });
  const apiRun = await measured(api.proc.child.pid, { url, duration: DURATION });
  const oldBare = process.env.BENCH_OLD_CEILING === "1" ? await measureBare(servicesJson, "each-time") : undefined;
  return { api: apiRun, bare: bareRun, ...(oldBare ? { oldBare } : {}) };
}

async function emptySlots(databaseUrl) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await sql`truncate bookings cascade`;
  await sql.end();
}

/**
 * Each side's window starts from the same state of the server: slots holding only that side's warm-up bookings, and
 * - fresh statistics, as autovacuum keeps them (it is off on this machine's server). After the truncate the API's
 *   connections planned the slot's count on an empty table and kept that plan: by the index of date and e-mail, so
 *   each count read the whole day's bookings (115 rows a booking against the ceiling's 37, whose new connections
 *   planned on a full table). ANALYZE makes every connection plan again, on statistics.
 * - a fresh checkpoint. A booking writes ~6 KB of WAL, so the checkpoint that WAL volume asks for (max_wal_size) came
 *   about once per bookings measure, in one side's 10 s or the other's at random, with its flush and the full-page
 *   images of every page first written after it.
 */
async function settle(databaseUrl) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await sql`analyze bookings`;
  await sql`checkpoint`;
  await sql.end();
}

/**
 * Each measure of the bookings draws customers no earlier run has made, on both sides. The e-mails and names come
 * from each booking's number: with the same numbers every run, a second run re-booked the first one's customers
 * (a returning customer's link reads where a new one's writes), by as many as each side had made before, so the
 * runs of a bench were not the same measure and the ceiling, faster, gained the more from it.
 */
let identities = 0;
const nextIdentities = () => (identities += 10_000_000);

/** 2. POST /api/bookings on `api`, beside the same transaction run straight from postgres.js (direct-insert.mjs). */
export async function measureBookings(api, databaseUrl, redisPid) {
  const base = nextIdentities();
  // Each side starts from empty slots: the ceiling's inserts take no account of capacity, and a second run would
  // find the slots the first one filled (409s instead of bookings); nor does either side count the other's rows.
  await emptySlots(databaseUrl);
  // BENCH_OFFICE_DEVICE=1: the office has a device subscribed to push, as a business using push has, so each booking
  // writes its push row too (the measure has none). No worker runs: nothing is sent.
  if (process.env.BENCH_OFFICE_DEVICE === "1") {
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    await sql`
      insert into push_subscriptions (staff_id, endpoint, p256dh, auth)
      select id, 'https://fcm.googleapis.com/fcm/send/bench', 'bench', 'bench' from admin_users where email = ${ADMIN.email}
      on conflict (endpoint) do nothing`;
    await sql.end();
  }
  const url = `${api.url}/api/bookings`;
  // BENCH_KEYED=1: every booking carries an Idempotency-Key, as the PWA's do (the measure sends none).
  const keyed = process.env.BENCH_KEYED === "1";
  await autocannon({ url, duration: WARMUP, bookings: true, keyed, tag: "warmup", offset: base + 500_000 });
  await settle(databaseUrl);
  const others = { postgres: postgresCpuMs, redis: () => cpuMs(redisPid) };
  const apiRun = await measured(
    api.proc.child.pid,
    { url, duration: DURATION, bookings: true, keyed, tag: "load", offset: base },
    others,
  );
  // The ceiling writes the outbox rows a booking writes, as the route wrote them (named e-mails since
  // decision 0042): read one booking's.
  const outbox = await child("outbox-sample.mjs", { databaseUrl });
  await emptySlots(databaseUrl);
  // The same warm-up of the slots as the route's, by the same statements from another process of the ceiling.
  const ceiling = { databaseUrl, concurrency: CONNECTIONS, outbox };
  await child("direct-insert.mjs", { ...ceiling, duration: WARMUP, offset: base + 1_500_000 }, "deno");
  await settle(databaseUrl);
  const postgresBefore = postgresCpuMs();
  const direct = await child("direct-insert.mjs", { ...ceiling, duration: DURATION, offset: base + 1_000_000 }, "deno");
  const { postgres: postgresPerBooking } = perItem(
    { postgres: postgresBefore },
    { postgres: postgresCpuMs() },
    direct.count,
  );
  const cpuByProcess = { server: direct.cpuMsPerRequest, postgres: postgresPerBooking };
  const directLoad = loadavg()[0];
  // BENCH_OLD_CEILING=1: the old ceiling (its statements one at a time) right after, from empty slots likewise.
  let oldDirect;
  if (process.env.BENCH_OLD_CEILING === "1") {
    await emptySlots(databaseUrl);
    await child(
      "direct-insert.mjs",
      { ...ceiling, duration: WARMUP, offset: base + 2_500_000, sequential: true },
      "deno",
    );
    await settle(databaseUrl);
    oldDirect = await child(
      "direct-insert.mjs",
      { ...ceiling, duration: DURATION, offset: base + 3_000_000, sequential: true },
      "deno",
    );
    oldDirect.load = loadavg()[0];
  }
  return {
    api: apiRun,
    direct: { ...direct, cpuByProcess, load: directLoad, outboxRowsPerBooking: outbox.length },
    ...(oldDirect ? { oldDirect } : {}),
  };
}
