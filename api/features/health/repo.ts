import type { Sql } from "../../db/client.ts";
import { migrationsCurrent } from "../../db/migrate.ts";

/** Readiness: `select 1` answers and every migration file is applied. */
export function createReadinessCheck(sql: Sql): () => Promise<boolean> {
  return async () => {
    await sql`select 1`;
    return await migrationsCurrent(sql);
  };
}
