import assert from "node:assert/strict";
import { createTestDatabase } from "../../testing/database.ts";
import { linkUnlinkedBookings } from "./linker.ts";
import type { Sql } from "../../db/client.ts";

/** Bookings as an import or an older instance writes them: no customer, no property. */
async function insertRaw(sql: Sql, count: number, people: number) {
  await sql`
    insert into bookings (first_name, last_name, email, contact_number, home_address, city, state, zip, service_type,
      unit_count, cleaning_date, cleaning_time, original_price, discount_amount, estimated_price, manage_token)
    select 'Person', 'N' || (g % ${people}), 'Person' || (g % ${people}) || '@Example.com', '704555' || lpad((g % ${people})::text, 4, '0'),
      (g % 3) || ' Main St', 'Charlotte', 'NC', '28203', 'air-duct-cleaning', 1, date '2026-04-01' + (g % 30),
      '9:00 AM', 100, 0, 100, md5(g::text || random()::text)
    from generate_series(1, ${count}) g`;
}

Deno.test("the worker links bookings that arrived without a customer, in batches", async () => {
  const db = await createTestDatabase();
  try {
    await insertRaw(db.sql, 12, 4);
    assert.equal(await linkUnlinkedBookings(db.sql, 5), 5);
    const [{ left }] = await db.sql<
      { left: number }[]
    >`select count(*)::int as left from bookings where customer_id is null`;
    assert.equal(left, 7, "one pass links one batch");
    assert.equal(await linkUnlinkedBookings(db.sql, 5), 5);
    assert.equal(await linkUnlinkedBookings(db.sql, 5), 2);
    assert.equal(await linkUnlinkedBookings(db.sql, 5), 0);

    const [counts] = await db.sql<{ customers: number; properties: number; unlinked: number; phones: number }[]>`
      select (select count(*)::int from customers) as customers, (select count(*)::int from properties) as properties,
        (select count(*)::int from bookings where customer_id is null or property_id is null) as unlinked,
        (select count(*)::int from customer_phones where number like '+1704555%') as phones`;
    // Four people (one per e-mail, any case); booking g is person g % 4 at address g % 3: twelve pairs, no repeat.
    assert.deepEqual(counts, { customers: 4, properties: 12, unlinked: 0, phones: 4 });
    const [wrong] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from bookings b join customer_emails e on e.customer_id = b.customer_id
      join properties p on p.id = b.property_id
      where e.email <> lower(b.email) or p.customer_id <> b.customer_id or p.address_key <> address_key(b.home_address, b.zip)`;
    assert.equal(wrong!.n, 0, "every booking is linked to its e-mail's customer and its address's property");
  } finally {
    await db.close();
  }
});

Deno.test("two passes at once link each booking once, and make each customer once", async () => {
  const db = await createTestDatabase();
  try {
    await insertRaw(db.sql, 40, 5);
    const [a, b] = await Promise.all([linkUnlinkedBookings(db.sql, 25), linkUnlinkedBookings(db.sql, 25)]);
    assert.equal(a + b, 40);
    const [counts] = await db.sql<{ customers: number; unlinked: number }[]>`
      select (select count(*)::int from customers) as customers,
        (select count(*)::int from bookings where customer_id is null) as unlinked`;
    assert.deepEqual(counts, { customers: 5, unlinked: 0 });
  } finally {
    await db.close();
  }
});
