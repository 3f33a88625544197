// The ceiling for POST /api/bookings (docs/benchmarks.md defines it): the statements every booking must send, straight from
// postgres.js on Deno like the API, with the API's pool size, by as many loops as autocannon has connections, over
// the same slots as the load (booking-body.mjs): begin, the slot's advisory lock, the count of the slot, the insert
// returning the row, the booking's outbox rows (`outbox`: as the route wrote them, outbox-sample.mjs), commit.
// Measured with no outbox worker running (the bench's instances run RUN=api). Not included: what only the route does
// (validation, the Redis limit, reading the settings and the service, rendering, JSON in and out). The ceiling
// once had no outbox rows and was measured while the API's own worker drained the mail (docs/benchmarks.md).
// Usage: deno run -A scripts/bench/direct-insert.mjs '{"databaseUrl": "...", "concurrency": 50, "duration": 10,
//   "offset": 0, "outbox": [{ "kind", "to_address", "subject", "message" }]}'
import { performance } from "node:perf_hooks";
import process from "node:process";
import postgres from "postgres";
import { slotOf } from "./booking-body.mjs";
import { summarize } from "./stats.mjs";

const { databaseUrl, concurrency, duration, offset = 0, outbox = [] } = JSON.parse(process.argv[2]);
// api/db/client.ts opens 10 connections per instance.
const sql = postgres(databaseUrl, { max: 10, onnotice: () => {} });
const SLOT_LOCK_NAMESPACE = 2;

let n = offset;
const latencies = [];
const until = Date.now() + duration * 1000;

async function loop() {
  while (Date.now() < until) {
    const i = n++;
    const { date, time } = slotOf(i);
    const started = performance.now();
    await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${SLOT_LOCK_NAMESPACE}, hashtext(${date + " " + time}))`;
      await tx`select count(*)::int as count from bookings
        where cleaning_date = ${date} and cleaning_time = ${time} and status <> 'cancelled'
          and id is distinct from ${null}::uuid`;
      const [booking] = await tx`insert into bookings ${tx({
        first_name: "Bench",
        last_name: `Direct${i}`,
        email: `direct-${i}@bench.example`,
        contact_number: "(704) 555-0199",
        home_address: `${100 + (i % 900)} East Blvd`,
        city: "Charlotte",
        state: "NC",
        zip: "28203",
        furnace_or_unit: "Furnace",
        service_type: "air-duct-cleaning",
        unit_count: 1 + (i % 3),
        cleaning_date: date,
        cleaning_time: time,
        comment: "",
        original_price: 150,
        discount_amount: 0,
        estimated_price: 150,
        status: "pending",
        time_zone: "America/New_York",
      })} returning *`;
      if (outbox.length > 0) {
        const rows = outbox.map((row) => ({ ...row, booking_id: booking.id, message: tx.json(row.message) }));
        await tx`insert into outbox ${tx(rows, "kind", "booking_id", "to_address", "subject", "message")}`;
      }
    });
    latencies.push(performance.now() - started);
  }
}

const began = performance.now();
const cpuBefore = process.cpuUsage();
await Promise.all(Array.from({ length: concurrency }, loop));
const seconds = (performance.now() - began) / 1000;
// This process's own CPU (µs), to set beside the API's: what the statements cost the client side.
const cpu = process.cpuUsage(cpuBefore);
await sql.end();
process.stdout.write(
  JSON.stringify({
    perSecond: latencies.length / seconds,
    count: latencies.length,
    cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length),
    ...summarize(latencies),
  }),
);
