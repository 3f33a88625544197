import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Sql, Tx } from "./client.ts";
import { transaction } from "./transaction.ts";

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const MIGRATION_FILE = /^(\d{3})_([a-z0-9_]+)\.sql$/;
const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));

/** Any constant shared by all instances: they queue on it so only one migrates at a time. */
export const SCHEMA_LOCK_ID = 20_100_001;

export async function loadMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => MIGRATION_FILE.test(f)).sort();
  return Promise.all(
    files.map(async (file) => {
      const [, version, name] = MIGRATION_FILE.exec(file)!;
      return { version: Number(version), name: name!, sql: await readFile(`${dir}/${file}`, "utf8") };
    }),
  );
}

/**
 * The database has migrations this release does not know: a newer release migrated it. Starting would run old
 * code on a schema it was never tested with (a rollback is a restore or the newer release again).
 */
export class SchemaNewerError extends Error {
  override name = "SchemaNewerError";
  constructor(readonly versions: number[]) {
    super(
      `The database's schema is newer than this release: it has migration ${versions.join(", ")}, which this ` +
        `release does not know. Run the release that applied it (or restore a backup taken before it).`,
    );
  }
}

/** Runs inside a transaction holding the schema lock (the caller's), so concurrent starts serialize. */
export async function lockSchema(tx: Tx): Promise<void> {
  await tx`select pg_advisory_xact_lock(${SCHEMA_LOCK_ID})`;
}

/**
 * Applies the pending migrations in one transaction under an advisory lock: a second instance starting at
 * the same time waits, then finds everything applied. Returns the versions it applied.
 */
export async function migrate(sql: Sql, migrations?: Migration[]): Promise<number[]> {
  const all = migrations ?? (await loadMigrations());
  return await transaction(sql, async (tx) => {
    await lockSchema(tx);
    await tx`
      create table if not exists schema_migrations (
        version integer primary key,
        name text not null,
        applied_at timestamptz not null default now()
      )`;
    const applied = new Set(
      (await tx<{ version: number }[]>`select version from schema_migrations`).map((r) => r.version),
    );
    const known = new Set(all.map((m) => m.version));
    const unknown = [...applied].filter((version) => !known.has(version)).sort((a, b) => a - b);
    if (unknown.length > 0) throw new SchemaNewerError(unknown);
    const done: number[] = [];
    for (const m of all) {
      if (applied.has(m.version)) continue;
      await tx.unsafe(m.sql);
      await tx`insert into schema_migrations (version, name) values (${m.version}, ${m.name})`;
      done.push(m.version);
    }
    return done;
  });
}

/** True when every known migration is recorded as applied (readiness). */
export async function migrationsCurrent(sql: Sql, migrations?: Migration[]): Promise<boolean> {
  const all = migrations ?? (await loadMigrations());
  const [exists] = await sql<{ t: string | null }[]>`select to_regclass('schema_migrations')::text as t`;
  if (!exists?.t) return false;
  const rows = await sql<{ version: number }[]>`select version from schema_migrations`;
  const applied = new Set(rows.map((r) => r.version));
  return all.every((m) => applied.has(m.version));
}
