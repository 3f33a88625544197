// The migrations alone, as the Kubernetes Job before a rollout runs them (deno run -A api/db/migrate-cli.ts): the
// database of DATABASE_URL, under the same advisory lock as an instance's start. Exits 1 on a schema newer than
// this release knows.
import { ConfigError, loadStorageConfig } from "../config.ts";
import { openDatabase } from "./client.ts";
import { migrate, SchemaNewerError } from "./migrate.ts";

try {
  const db = await openDatabase(loadStorageConfig());
  try {
    const applied = await migrate(db.sql);
    console.log(applied.length ? `applied migrations ${applied.join(", ")}` : "schema current: nothing to apply");
  } finally {
    await db.close();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof SchemaNewerError) {
    console.error(error.message);
    Deno.exit(1);
  }
  throw error;
}
