import { spawn } from "node:child_process";
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { connect } from "./client.ts";
import { createPglite } from "./client.ts";

/** Where a backup comes from or goes to: a Postgres by URL, or the embedded database's folder. */
export type BackupTarget = { databaseUrl: string } | { pgdataDir: string };

/** A refusal the CLI prints as it is, exiting 1 (an empty target, a file of the other kind, a failed tool). */
export class BackupError extends Error {
  override name = "BackupError";
}

/** pg_dump's custom format begins with these bytes; PGlite's dump of its folder is a gzipped tar. */
const PG_DUMP_MAGIC = "PGDMP";
const GZIP_MAGIC = [0x1f, 0x8b];

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", (error) => reject(new BackupError(`${command} could not run: ${error.message}`)));
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

async function firstBytes(file: string, n: number): Promise<Uint8Array> {
  const handle = await open(file, "r").catch(() => {
    throw new BackupError(`${file}: no such backup file`);
  });
  try {
    const bytes = new Uint8Array(n);
    const { bytesRead } = await handle.read(bytes, 0, n, 0);
    return bytes.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Writes to `file.partial` and renames it at the end: a backup that failed half way never looks like a backup. */
async function atomically(file: string, write: (partial: string) => Promise<void>): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  try {
    await write(partial);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * A consistent backup: pg_dump takes one snapshot of the whole database while the site keeps running (custom
 * format, restorable object by object); the embedded database is dumped by PGlite itself from its folder, which
 * must not be open in a running site at the same time (PGlite is one process's).
 */
export async function backup(target: BackupTarget, file: string): Promise<void> {
  if ("databaseUrl" in target) {
    await atomically(file, (partial) =>
      run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${partial}`, target.databaseUrl]),
    );
    return;
  }
  if ((await readdir(target.pgdataDir).catch(() => [])).length === 0) {
    throw new BackupError(`${target.pgdataDir}: no embedded database there`);
  }
  const db = await createPglite({ dataDir: target.pgdataDir });
  try {
    const dump = await db.dumpDataDir("gzip");
    await atomically(file, async (partial) => await writeFile(partial, new Uint8Array(await dump.arrayBuffer())));
  } finally {
    await db.close();
  }
}

/** The tables of the database's public schema (an empty database has none). */
async function publicTables(databaseUrl: string): Promise<number> {
  const sql = connect(databaseUrl, { max: 1 });
  try {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from pg_tables where schemaname = 'public'`;
    return row!.n;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Restores `file` into an empty database, refusing a non-empty one (a restore never mixes with live data). The
 * file's kind must match the target's: a pg_dump file into Postgres, PGlite's dump into DATA_DIR.
 */
export async function restore(target: BackupTarget, file: string): Promise<void> {
  const head = await firstBytes(file, 5);
  const isPgDump = new TextDecoder().decode(head) === PG_DUMP_MAGIC;
  const isPglite = head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
  if ("databaseUrl" in target) {
    if (!isPgDump) throw new BackupError(`${file} is not a pg_dump backup (custom format) of a Postgres database`);
    const tables = await publicTables(target.databaseUrl);
    if (tables > 0) {
      throw new BackupError(`the target database is not empty (${tables} tables): restore only into an empty one`);
    }
    await run("pg_restore", [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      `--dbname=${target.databaseUrl}`,
      file,
    ]);
    return;
  }
  if (!isPglite) throw new BackupError(`${file} is not a backup of the embedded database (DATA_DIR)`);
  if ((await readdir(target.pgdataDir).catch(() => [])).length > 0) {
    throw new BackupError(`${target.pgdataDir} is not empty: restore only into an empty DATA_DIR`);
  }
  await mkdir(target.pgdataDir, { recursive: true });
  const db = await createPglite({ dataDir: target.pgdataDir, loadDataDir: new Blob([await readFile(file)]) });
  await db.close();
}

/** Where a backup goes when no FILE is given: one file per run, named by the time, under DATA_DIR/backups. */
export function defaultBackupFile(dataDir: string, embedded: boolean, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  return join(dataDir, "backups", `clearflow-${stamp}.${embedded ? "tar.gz" : "dump"}`);
}
