import assert from "node:assert/strict";
import { createTestDatabase, rowCounts, TABLES_NO_REQUEST_WRITES } from "./database.ts";

Deno.test("rowCounts covers every table the migrations create, so a refusal that writes anywhere is seen", async () => {
  const db = await createTestDatabase();
  try {
    const tables = await db.sql<{ name: string }[]>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
      order by table_name`;
    const expected = tables.map((t) => t.name).filter((name) => !TABLES_NO_REQUEST_WRITES.includes(name));
    assert.deepEqual(Object.keys(await rowCounts(db.sql)).sort(), expected);
  } finally {
    await db.close();
  }
});
