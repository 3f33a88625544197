import assert from "node:assert/strict";
import { connect, createPglite, serveOverSocket } from "./client.ts";
import { migratedTemplate } from "../testing/pglite-template.ts";
import { searchedIds } from "./search.ts";

Deno.test("the embedded database searches through pg_trgm's indexes, loaded where it is made", async () => {
  const server = await serveOverSocket(await createPglite());
  const sql = connect(server.url, { max: 1 });
  try {
    await sql`create extension if not exists pg_trgm`;
    await sql`create table t (name text)`;
    await sql`create index t_name_trgm on t using gin (name gin_trgm_ops)`;
    await sql`insert into t values ('dana whitfield 7045550131'), ('marcus mcallister')`;
    const rows = await sql<{ name: string }[]>`select name from t where name like '%5550131%'`;
    assert.deepEqual(
      rows.map((r) => r.name),
      ["dana whitfield 7045550131"],
    );
    const [similar] = await sql<{ s: number }[]>`select similarity('whitfield', 'whitfeld') as s`;
    assert.ok(similar!.s > 0.3, "the extension's functions are there too");
  } finally {
    await sql.end({ timeout: 1 });
    await server.close();
  }
});

Deno.test("the embedded database finds a booking by its words' start, as Postgres does", async () => {
  // The tests' migrated template: made by running every migration on PGlite, once per set of migrations.
  const server = await serveOverSocket(await createPglite({ loadDataDir: await migratedTemplate() }));
  const sql = connect(server.url, { max: 1 });
  try {
    await sql`
      insert into bookings (first_name, last_name, email, contact_number, home_address, city, state, zip,
        service_type, unit_count, cleaning_date, cleaning_time, original_price, discount_amount, estimated_price)
      values ('Dana', 'Whitfield', 'dana@mail.test', '(704) 555-0131', '12 Oak St', 'Charlotte', 'NC', '28209',
        'air-duct-cleaning', 1, '2026-05-01', '9:00 AM', 100, 0, 100)`;
    for (const q of ["0131", "whit dana", "field"]) {
      const rows = await sql<{ id: string }[]>`${searchedIds(sql, "bookings", q)!}`;
      assert.equal(rows.length, 1, q);
    }
  } finally {
    await sql.end({ timeout: 1 });
    await server.close();
  }
});
