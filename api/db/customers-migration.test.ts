import assert from "node:assert/strict";
import { loadMigrations, migrate } from "./migrate.ts";
import { createTestDatabase } from "../testing/database.ts";

Deno.test("migration 021 links every existing booking to a customer and a property", async () => {
  const db = await createTestDatabase({ migrated: false });
  try {
    const all = await loadMigrations();
    await migrate(
      db.sql,
      all.filter((m) => m.version <= 20),
    );
    const booking = (n: number, email: string, name: string, phone: string, street: string, zip: string) => db.sql`
      insert into bookings (first_name, last_name, email, contact_number, home_address, city, state, zip, service_type,
        unit_count, cleaning_date, cleaning_time, original_price, discount_amount, estimated_price, manage_token,
        created_at)
      values (${name}, 'Reyes', ${email}, ${phone}, ${street}, 'Charlotte', 'NC', ${zip}, 'air-duct-cleaning', 1,
        '2026-01-05', '9:00 AM', 100, 0, 100, ${`token-${n}`}, ${`2026-01-0${n}T12:00:00Z`})`;
    // Ana booked twice at home (spelled two ways, e-mail in two cases) and once at her rental; Ben once.
    await booking(1, "ana@example.com", "Ana", "(704) 555-0101", "12 Oak Street", "28209");
    await booking(2, "ANA@Example.com", "Anita", "704-555-0199", "12 oak st.", "28209-1111");
    await booking(3, "ana@example.com", "Ana", "704.555.0101", "7 Rental Rd", "28205");
    await booking(4, "ben@example.com", "Ben", "555-0101", "1 Pine Ln", "28203");
    await db.sql`
      insert into customer_sessions (token_hash, email, expires_at) values ('h', 'ana@example.com', now() + interval '1 day')`;

    assert.deepEqual(
      await migrate(
        db.sql,
        all.filter((m) => m.version <= 21),
      ),
      [21],
    );

    const [{ unlinked }] = await db.sql<{ unlinked: number }[]>`
      select count(*)::int as unlinked from bookings where customer_id is null or property_id is null`;
    assert.equal(unlinked, 0);
    const customers = await db.sql<{ name: string; emails: string[]; phones: string[]; properties: number }[]>`
      select c.name, array(select email from customer_emails where customer_id = c.id) as emails,
        array(select number from customer_phones where customer_id = c.id) as phones,
        (select count(*)::int from properties where customer_id = c.id) as properties
      from customers c order by c.name`;
    assert.deepEqual(
      [...customers],
      [
        // Named and phoned from the oldest booking; a number that is not 10 US digits is not kept.
        { name: "Ana Reyes", emails: ["ana@example.com"], phones: ["+17045550101"], properties: 2 },
        { name: "Ben Reyes", emails: ["ben@example.com"], phones: [], properties: 1 },
      ],
    );
    const [{ shared }] = await db.sql<{ shared: number }[]>`
      select count(distinct property_id)::int as shared from bookings where manage_token in ('token-1', 'token-2')`;
    assert.equal(shared, 1, "12 Oak Street and 12 oak st. are one property");
    const [session] = await db.sql<{ linked: boolean }[]>`
      select s.customer_id = e.customer_id as linked from customer_sessions s join customer_emails e on e.email = s.email`;
    assert.equal(session!.linked, true);
    const [found] = await db.sql<{ name: string }[]>`select name from customers where search like '%5550101%'`;
    assert.equal(found!.name, "Ana Reyes");
  } finally {
    await db.close();
  }
});
