// The outbox rows of the newest booking, as the route wrote them (the customer's confirmation, the business's copy,
// the visit reminder): what the bookings ceiling writes with each of its inserts (direct-insert.mjs).
// Usage: node scripts/bench/outbox-sample.mjs '{"databaseUrl": "..."}'
import postgres from "postgres";

const { databaseUrl } = JSON.parse(process.argv[2]);
const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
const rows = await sql`
  select kind, to_address, subject, message, next_attempt_at - created_at as due_in
  from outbox
  where booking_id = (select booking_id from outbox where booking_id is not null order by seq desc limit 1)
  order by seq`;
await sql.end();
process.stdout.write(
  JSON.stringify(rows.map(({ kind, to_address, subject, message }) => ({ kind, to_address, subject, message }))),
);
