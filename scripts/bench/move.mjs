// The dispatch board's move round trip on one API instance (issue 42): POST /api/bookings/{id}/move, from the
// request to its 200, on real Postgres. Ten jobs of one day move back and forth between two technicians, every
// other move also to the next day (a calendar e-mail queued), so each move checks a day that holds jobs.
// Run alone: `node scripts/bench/move.mjs` (prints p50/p95/p99/max in ms).
/* global fetch -- Node 20 has it; the lint config lists no Node globals for scripts. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { POSTGRES_URL } from "./api-runs.mjs";
import { bookingBody } from "./booking-body.mjs";
import { adminToken, createDatabase, startApi, startRedis, stopAll } from "./processes.mjs";
import { summarize } from "./stats.mjs";

const JOBS = 10;
const MOVES = Number(process.env.BENCH_MOVES ?? 300);
const WARMUP = 20;

/** A weekday at least a week ahead, and the one after it (never a Saturday or Sunday). */
function twoWeekdays() {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 8);
  const days = [];
  while (days.length < 2) {
    if (day.getUTCDay() !== 6 && day.getUTCDay() !== 0) days.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return days;
}

/** The move round trip on `api` (one instance on `databaseUrl`), signed in with an admin's `token`. */
export async function measureMoves(api, databaseUrl, token) {
  const call = async (method, path, body) => {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await res.json();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
    return answer;
  };
  // Two technicians, made active straight in the database (an invitation's acceptance is not what is measured).
  const technicians = [];
  for (const name of ["Ana Bench", "Bob Bench"]) {
    const { data } = await call("POST", "/api/staff", {
      name,
      email: `${name.replace(" ", ".")}@bench.example`,
      role: "technician",
    });
    technicians.push(data._id);
  }
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await sql`update admin_users set status = 'active', password_hash = 'not used' where id = any(${technicians}::uuid[])`;
  await sql.end();

  const [day, nextDay] = twoWeekdays();
  // One dryer vent (45 minutes) an hour from 7:00 AM, all at one address: no drive between them.
  const jobs = [];
  for (let n = 0; n < JOBS; n++) {
    const hour = 7 + n;
    const time = `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? "AM" : "PM"}`;
    const body = {
      ...bookingBody(n, "move"),
      serviceType: "dryer-vent-cleaning",
      unitCount: 1,
      cleaningDate: day,
      cleaningTime: time,
    };
    body.homeAddress = "1200 East Blvd";
    const { data } = await call("POST", "/api/bookings", body);
    jobs.push(data);
  }

  const times = [];
  for (let i = 0; i < WARMUP + MOVES; i++) {
    const n = i % JOBS;
    const job = jobs[n];
    const round = Math.floor(i / JOBS);
    const body = {
      technicianId: technicians[round % 2],
      date: round % 4 < 2 ? day : nextDay,
      time: job.cleaningTime,
      expectedVersion: job.version,
    };
    const started = performance.now();
    const { data } = await call("POST", `/api/bookings/${job._id}/move`, body);
    if (i >= WARMUP) times.push(performance.now() - started);
    jobs[n] = data;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)];
  const round1 = (x) => Math.round(x * 10) / 10;
  const { p50, p99, max } = summarize(times);
  return { moves: times.length, p50: round1(p50), p95: round1(p95), p99: round1(p99), max: round1(max) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = mkdtempSync(join(tmpdir(), "clearflow-bench-"));
  let database = null;
  try {
    const redis = await startRedis();
    database = await createDatabase(POSTGRES_URL);
    const api = await startApi({ databaseUrl: database.url, redisUrl: redis.url, pwaDist: dataDir, dataDir });
    console.log(JSON.stringify(await measureMoves(api, database.url, await adminToken(api))));
  } finally {
    await stopAll();
    await database?.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}
