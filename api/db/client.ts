import postgres from "postgres";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { join } from "node:path";
import { mkdir } from "node:fs/promises";
import { instrumentSql } from "./instrument.ts";

/** The one data-access handle: postgres.js, on a real server or on the embedded PGlite. */
export type Sql = postgres.Sql;
declare const inTransaction: unique symbol;
/** A connection inside a transaction (db/transaction.ts): the handle of writes that commit together or not at all. */
export type Tx = Sql & { readonly [inTransaction]: true };

export interface Database {
  sql: Sql;
  /** True when PGlite in DATA_DIR serves the data (no DATABASE_URL). */
  embedded: boolean;
  close(): Promise<void>;
}

const OID_DATE = 1082;
const OID_NUMERIC = 1700;

// Calendar dates stay 'YYYY-MM-DD' strings (a JS Date would shift them by the process time zone) and
// money comes back as a JS number instead of postgres.js's default string.
const types = {
  date: { to: OID_DATE, from: [OID_DATE], serialize: (x: string) => x, parse: (x: string) => x },
  numeric: {
    to: OID_NUMERIC,
    from: [OID_NUMERIC],
    serialize: (x: number) => String(x),
    parse: (x: string) => Number(x),
  },
};

/** A value for a jsonb column (postgres.js's own JSON type is stricter than our entity interfaces). */
export function jsonb(sql: Sql | Tx, value: unknown) {
  return sql.json(value as postgres.JSONValue);
}

export interface ConnectOptions {
  /** Pool size; the embedded server takes exactly one connection. */
  max?: number;
}

export function connect(url: string, options: ConnectOptions = {}): Sql {
  const max = options.max ?? 10;
  const sql = postgres(url, {
    max,
    types,
    // Notices such as "relation already exists, skipping" are not worth a log line.
    onnotice: () => {},
    connect_timeout: 10,
    // No statement of ours runs long enough for JIT compilation to pay for itself: the reports' statements spent
    // 10-45 ms compiling to save less, where their cost estimates crossed jit_above_cost.
    connection: { jit: "off" },
  });
  // Every statement timed by name and the pool's use counted (db_query_duration_seconds, db_pool_*).
  return instrumentSql(sql as unknown as Sql, max);
}

export interface EmbeddedServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Every embedded database is made here, with the extensions the migrations create: the lists' search stands on
 * pg_trgm's indexes, which PGlite has only when loaded.
 */
export async function createPglite(options: Omit<PGliteOptions, "extensions"> & { dataDir?: string } = {}) {
  return await PGlite.create({ ...options, extensions: { pg_trgm } });
}

/**
 * Starts PGlite (on `dataDir`, or in memory when null) behind a Postgres wire-protocol socket on a free
 * loopback port, so the app reaches it through postgres.js like any other server.
 */
export async function startEmbeddedPostgres(dataDir: string | null): Promise<EmbeddedServer> {
  // PGlite creates its own folder but not the missing parents (e.g. a fresh ./data).
  if (dataDir) await mkdir(dataDir, { recursive: true });
  return await serveOverSocket(await createPglite({ dataDir: dataDir ?? undefined }));
}

/** Exposes a PGlite instance on a free loopback port; closing stops the socket and closes the instance. */
export async function serveOverSocket(db: PGlite): Promise<EmbeddedServer> {
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0 });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    async close() {
      await server.stop();
      await db.close();
    },
  };
}

/** Opens the configured storage: DATABASE_URL when given, else PGlite in DATA_DIR/pgdata. */
export async function openDatabase(config: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  if (config.databaseUrl !== null) {
    const sql = connect(config.databaseUrl);
    return { sql, embedded: false, close: () => sql.end({ timeout: 5 }) };
  }
  const embedded = await startEmbeddedPostgres(join(config.dataDir, "pgdata"));
  const sql = connect(embedded.url, { max: 1 });
  return {
    sql,
    embedded: true,
    async close() {
      await sql.end({ timeout: 5 });
      await embedded.close();
    },
  };
}
