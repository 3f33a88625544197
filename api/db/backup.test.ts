import assert from "node:assert/strict";
import { join } from "node:path";
import { connect, createPglite, type Sql, startEmbeddedPostgres } from "./client.ts";
import { backup, BackupError, restore } from "./backup.ts";
import { loadMigrations } from "./migrate.ts";
import { createTestDatabase, TEST_DATABASE_URL } from "../testing/database.ts";
import { migratedTemplate } from "../testing/pglite-template.ts";

const figures = async (sql: Sql) => {
  const [row] = await sql<{ services: number; migrations: number; counters: string }[]>`
    select (select count(*)::int from services) as services,
      (select count(*)::int from schema_migrations) as migrations,
      (select coalesce(string_agg(kind || '=' || last_number, ',' order by kind), '') from document_counters) as counters`;
  return row!;
};

/** Opens the embedded database in `dir` for `read`, then closes it. */
async function withEmbedded<T>(dir: string, read: (sql: Sql) => Promise<T>): Promise<T> {
  const server = await startEmbeddedPostgres(dir);
  const sql = connect(server.url, { max: 1 });
  try {
    return await read(sql);
  } finally {
    await sql.end({ timeout: 1 });
    await server.close();
  }
}

Deno.test("backup: the embedded database's folder restores into an empty DATA_DIR, and never over data", async () => {
  const dir = await Deno.makeTempDir({ prefix: "clearflow-backup-" });
  try {
    const source = join(dir, "site", "pgdata");
    // A site's folder, made from the tests' migrated template (migrating PGlite anew takes half a minute).
    await Deno.mkdir(source, { recursive: true });
    await (await createPglite({ dataDir: source, loadDataDir: await migratedTemplate() })).close();
    const file = join(dir, "copies", "embedded.tar.gz");
    await backup({ pgdataDir: source }, file);

    const target = join(dir, "restored", "pgdata");
    await restore({ pgdataDir: target }, file);
    const restored = await withEmbedded(target, figures);
    assert.equal(restored.migrations, (await loadMigrations()).length, "every migration's record");
    assert.ok(restored.services > 0, "the seeded services");

    await assert.rejects(restore({ pgdataDir: source }, file), BackupError, "a folder with a database in it");
    await assert.rejects(backup({ pgdataDir: join(dir, "nothing") }, join(dir, "x.tar.gz")), /no embedded database/);
    await Deno.writeTextFile(join(dir, "not-a-dump"), "PGDMP pretending");
    await assert.rejects(
      restore({ pgdataDir: join(dir, "other") }, join(dir, "not-a-dump")),
      /not a backup of the embedded database/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test({
  name: "backup: pg_dump of Postgres restores into an empty database, refuses a non-empty one and a PGlite dump",
  ignore: !TEST_DATABASE_URL,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "clearflow-backup-" });
    const source = await createTestDatabase();
    const empty = await createTestDatabase({ migrated: false });
    try {
      await source.sql`insert into document_counters (kind, last_number) values ('invoice', 7)`;
      const before = await figures(source.sql);
      const file = join(dir, "site.dump");
      await backup({ databaseUrl: source.url }, file);
      assert.equal(new TextDecoder().decode((await Deno.readFile(file)).subarray(0, 5)), "PGDMP");

      await restore({ databaseUrl: empty.url }, file);
      assert.deepEqual(await figures(empty.sql), before);
      // A second restore would mix two databases: refused, and nothing written.
      await assert.rejects(restore({ databaseUrl: empty.url }, file), /not empty/);
      assert.deepEqual(await figures(empty.sql), before);

      const gz = join(dir, "embedded.tar.gz");
      await Deno.writeFile(gz, new Uint8Array([0x1f, 0x8b, 0, 0, 0]));
      await assert.rejects(restore({ databaseUrl: empty.url }, gz), /not a pg_dump backup/);
    } finally {
      await source.close();
      await empty.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
