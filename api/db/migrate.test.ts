import assert from "node:assert/strict";
import { connect } from "./client.ts";
import { loadMigrations, migrate, migrationsCurrent, SchemaNewerError } from "./migrate.ts";
import { seedServices } from "./seed.ts";
import { createTestDatabase } from "../testing/database.ts";

Deno.test("migrations and seed", async (t) => {
  const db = await createTestDatabase({ migrated: false });
  // On a real server two instances have their own connections; PGlite has one, shared.
  const other = db.kind === "postgres" ? connect(db.url, { max: 1 }) : db.sql;
  try {
    await t.step("two instances starting together on an empty database both come up", async () => {
      const [a, b] = await Promise.all([migrate(db.sql), migrate(other)]);
      const all = (await loadMigrations()).map((m) => m.version);
      assert.deepEqual(
        [...a, ...b].sort((x, y) => x - y),
        all,
        "each migration ran exactly once",
      );
      assert.equal(await migrationsCurrent(db.sql), true);
      const rows = await db.sql<{ version: number }[]>`select version from schema_migrations order by version`;
      assert.deepEqual(
        rows.map((r) => r.version),
        all,
      );
    });

    await t.step("a later start applies nothing", async () => {
      assert.deepEqual(await migrate(db.sql), []);
    });

    await t.step("refuses to run on a schema a newer release migrated, and changes nothing", async () => {
      const known = await loadMigrations();
      const newer = [...known, { version: 999, name: "from_a_newer_release", sql: "select 1" }];
      assert.deepEqual(await migrate(db.sql, newer), [999]);
      await assert.rejects(migrate(db.sql, known), (error: unknown) => {
        assert.ok(error instanceof SchemaNewerError);
        assert.deepEqual(error.versions, [999]);
        assert.match(error.message, /schema is newer than this release: it has migration 999/);
        return true;
      });
      await db.sql`delete from schema_migrations where version = 999`;
      assert.deepEqual(await migrate(db.sql, known), []);
    });

    await t.step("seeds the 8 services once, even when two instances seed together", async () => {
      const [a, b] = await Promise.all([seedServices(db.sql), seedServices(other)]);
      assert.equal(a + b, 8);
      assert.equal(await seedServices(db.sql), 0);
      const [{ count }] = await db.sql<{ count: number }[]>`select count(*)::int as count from services`;
      assert.equal(count, 8);
    });

    await t.step("creates the indexes the booking queries use", async () => {
      const rows = await db.sql<{ indexname: string }[]>`
        select indexname from pg_indexes where tablename = 'bookings' order by indexname`;
      const names = rows.map((r) => r.indexname);
      for (const index of [
        "bookings_slot_idx",
        "bookings_email_idx",
        "bookings_updated_id_idx",
        "bookings_search_idx",
        "bookings_words_idx",
      ]) {
        assert.ok(names.includes(index), index);
      }
    });
  } finally {
    if (other !== db.sql) await other.end();
    await db.close();
  }
});
