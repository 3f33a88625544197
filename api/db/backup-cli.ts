// `npm run backup [-- FILE]` and `npm run restore -- FILE`: the database of DATABASE_URL, else the embedded one in
// DATA_DIR (stop the site first: PGlite's folder belongs to one process). See docs/operations.md.
import { join } from "node:path";
import { ConfigError, loadStorageConfig } from "../config.ts";
import { backup, BackupError, defaultBackupFile, restore } from "./backup.ts";

const [action, file] = Deno.args;
try {
  const storage = loadStorageConfig();
  const target = storage.databaseUrl
    ? { databaseUrl: storage.databaseUrl }
    : { pgdataDir: join(storage.dataDir, "pgdata") };
  const where = storage.databaseUrl ? "DATABASE_URL" : `the embedded database in ${storage.dataDir}`;
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  if (action === "backup") {
    const to = file ?? defaultBackupFile(storage.dataDir, !storage.databaseUrl);
    await backup(target, to);
    console.log(`backed up ${where} to ${to} in ${seconds()} s`);
  } else if (action === "restore" && file) {
    await restore(target, file);
    console.log(`restored ${file} into ${where} in ${seconds()} s`);
  } else {
    console.error("usage: npm run backup [-- FILE] | npm run restore -- FILE");
    Deno.exit(2);
  }
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) {
    console.error(error.message);
    Deno.exit(1);
  }
  throw error;
}
