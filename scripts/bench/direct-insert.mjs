// The ceiling for POST /api/bookings (docs/benchmarks.md defines it): the statements every booking must send, straight
// from postgres.js on Deno like the API, with the API's pool size, by as many loops as autocannon has connections,
// over the same slots as the load (booking-body.mjs): begin, the slot's advisory lock, the count of the slot, the
// insert with its customer and property linked, returning the row, the booking's outbox rows (`outbox`: as the route
// wrote them, outbox-sample.mjs), commit, batched into round trips as the route batches them (booking() below).
// Measured with no outbox worker running (the bench's instances run RUN=api). Not included: what only the route does
// (validation, the Redis limit, reading the settings and the service, rendering, JSON in and out). The ceiling
// once had no outbox rows and was measured while the API's own worker drained the mail (docs/benchmarks.md).
// Usage: deno run -A scripts/bench/direct-insert.mjs '{"databaseUrl": "...", "concurrency": 50, "duration": 10,
//   "offset": 0, "outbox": [{ "kind", "to_address", "subject", "message" }]}'
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import process from "node:process";
import postgres from "postgres";
import { slotOf } from "./booking-body.mjs";
import { summarize } from "./stats.mjs";

const { databaseUrl, concurrency, duration, offset = 0, outbox = [], sequential = false } = JSON.parse(process.argv[2]);
// api/db/client.ts opens 10 connections per instance.
const sql = postgres(databaseUrl, { max: 10, onnotice: () => {} });
const SLOT_LOCK_NAMESPACE = 2;

let n = offset;
const latencies = [];
const until = Date.now() + duration * 1000;

function bookingRow(i, id, date, time) {
  return {
    id,
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
  };
}

/**
 * The booking's insert as the route writes it (insertDraft in api/features/bookings/repo.ts): the customer and the
 * property found or made by link_booking_customer in the same statement, which every booking must do since customers
 * are records (decision 0060). Until 2026-11-30 the ceiling inserted the row alone and left that work out.
 */
function insertLinked(q, row) {
  return q`
    with link as (
      select * from link_booking_customer(
        ${row.email}, ${`${row.first_name} ${row.last_name}`}, ${"+17045550199"}, ${row.home_address}, ${row.city},
        ${row.state}, ${row.zip}, ${row.furnace_or_unit}, ${row.unit_count}::int, ${"en"}))
    insert into bookings ${q`(${q([...Object.keys(row), "customer_id", "property_id"])})`} ${q`select ${q(row)}`},
      customer_id, property_id from link
    returning *`;
}

/**
 * The statements sent as the route sends them (api/db/transaction.ts, the executor's create): BEGIN with the slot's
 * lock and count in one packet, the insert of a booking whose id is made here with its outbox rows in the next, then
 * COMMIT: 3 round trips. Until 2026-11-27 the ceiling waited for each of its 6 statements in turn, which the route
 * no longer does, and so charged itself round trips the route saves.
 */
async function booking(i) {
  const { date, time } = slotOf(i);
  const id = randomUUID();
  const connection = await sql.reserve();
  try {
    const begun = connection`begin`.execute();
    begun.catch(() => {});
    await Promise.all([
      begun,
      connection`select pg_advisory_xact_lock(${SLOT_LOCK_NAMESPACE}, hashtext(${date + " " + time}))`.execute(),
      connection`select count(*)::int as count from bookings
        where cleaning_date = ${date} and cleaning_time = ${time} and status <> 'cancelled'
          and id is distinct from ${null}::uuid`.execute(),
    ]);
    const row = bookingRow(i, id, date, time);
    const rows = outbox.map((o) => ({ ...o, booking_id: id, message: connection.json(o.message) }));
    await Promise.all([
      insertLinked(connection, row).execute(),
      rows.length > 0
        ? connection`insert into outbox ${connection(rows, "kind", "booking_id", "to_address", "subject", "message")}`.execute()
        : null,
    ]);
    await connection`commit`;
  } catch (error) {
    await connection`rollback`.catch(() => {});
    throw error;
  } finally {
    connection.release();
  }
}

/** The old ceiling (`sequential`, for the A/B of docs/benchmarks.md): each statement waited for in turn, 6 round trips. */
async function sequentialBooking(i) {
  const { date, time } = slotOf(i);
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${SLOT_LOCK_NAMESPACE}, hashtext(${date + " " + time}))`;
    await tx`select count(*)::int as count from bookings
      where cleaning_date = ${date} and cleaning_time = ${time} and status <> 'cancelled'
        and id is distinct from ${null}::uuid`;
    const [booking] = await insertLinked(tx, bookingRow(i, randomUUID(), date, time));
    const rows = outbox.map((o) => ({ ...o, booking_id: booking.id, message: tx.json(o.message) }));
    if (rows.length > 0)
      await tx`insert into outbox ${tx(rows, "kind", "booking_id", "to_address", "subject", "message")}`;
  });
}

async function loop() {
  while (Date.now() < until) {
    const started = performance.now();
    await (sequential ? sequentialBooking : booking)(n++);
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
