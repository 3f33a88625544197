import type { Sql, Tx } from "../../../db/client.ts";

/**
 * Where the bytes of photos and signatures live, by key: every instance must see them. Postgres by default (one
 * table); an S3-compatible store can implement the same three calls without the routes changing. `put` takes the
 * change's transaction, so the bytes exist exactly when the photo's record does (a store outside the database
 * would write first and leave an orphan on a rollback, to be swept).
 */
export interface ImageStore {
  put(tx: Tx, key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array<ArrayBuffer> | null>;
  /** Several at once, for a report's attachments; missing keys are left out. */
  getMany(keys: readonly string[], tx?: Tx): Promise<Map<string, Uint8Array<ArrayBuffer>>>;
}

export function createPostgresImageStore(sql: Sql): ImageStore {
  return {
    async put(tx, key, bytes) {
      await tx`insert into stored_images (key, bytes) values (${key}, ${bytes})`;
    },
    async get(key) {
      const [row] = await sql<{ bytes: Uint8Array }[]>`select bytes from stored_images where key = ${key}`;
      return row ? new Uint8Array(row.bytes) : null;
    },
    async getMany(keys, tx) {
      if (keys.length === 0) return new Map();
      const q = tx ?? sql;
      const rows = await q<{ key: string; bytes: Uint8Array }[]>`
        select key, bytes from stored_images where key = any(${keys as string[]})`;
      return new Map(rows.map((r) => [r.key, new Uint8Array(r.bytes)]));
    },
  };
}
