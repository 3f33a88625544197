import { readdir, readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { connect, createPglite, serveOverSocket } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { seedServices } from "../db/seed.ts";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Everything that shapes a migrated and seeded database: a change to any of it makes a new template. */
export async function templateKey(): Promise<string> {
  const migrations = here("../db/migrations/");
  const parts = [
    ...(await Promise.all((await readdir(migrations)).sort().map((f) => readFile(join(migrations, f), "utf8")))),
    await readFile(here("../db/seed-data.ts"), "utf8"),
    await readFile(here("../db/seed.ts"), "utf8"),
    await readFile(here("../db/seed-checklists.ts"), "utf8"),
    JSON.parse(await readFile(here("../../node_modules/@electric-sql/pglite/package.json"), "utf8")).version,
  ];
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(parts.join("\0")));
  return Array.from(new Uint8Array(digest).slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A migrated and seeded PGlite data directory, made once and kept in the temp folder: loading it takes a
 * fraction of a second where initdb, migrations and seed take several, for every test file.
 */
export async function migratedTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `clearflow-pglite-template-${await templateKey()}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not made yet: make it below.
  }
  const db = await createPglite();
  const server = await serveOverSocket(db);
  const sql = connect(server.url, { max: 1 });
  await migrate(sql);
  await seedServices(sql);
  await sql.end();
  const dump = await db.dumpDataDir("none");
  await server.close();
  // Written aside and renamed, so a test file running at the same time never reads half a template.
  const partial = `${file}.${crypto.randomUUID()}`;
  await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
  await rename(partial, file);
  return dump;
}
