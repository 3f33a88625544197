import assert from "node:assert/strict";
import { connect, createPglite, serveOverSocket } from "./client.ts";

Deno.test("the embedded database searches through pg_trgm's indexes, loaded where it is made", async () => {
  const server = await serveOverSocket(await createPglite());
  const sql = connect(server.url, { max: 1 });
  try {
    await sql`create extension if not exists pg_trgm`;
    await sql`create table t (name text)`;
    await sql`create index t_name_trgm on t using gin (name gin_trgm_ops)`;
    await sql`insert into t values ('dana whitfield 7045550131'), ('marcus mcallister')`;
    const rows = await sql<{ name: string }[]>`select name from t where name like '%5550131%'`;
    assert.deepEqual(
      rows.map((r) => r.name),
      ["dana whitfield 7045550131"],
    );
    const [similar] = await sql<{ s: number }[]>`select similarity('whitfield', 'whitfeld') as s`;
    assert.ok(similar!.s > 0.3, "the extension's functions are there too");
  } finally {
    await sql.end({ timeout: 1 });
    await server.close();
  }
});
