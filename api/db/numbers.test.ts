import assert from "node:assert/strict";
import { allocateNumber } from "./numbers.ts";
import { transaction } from "./transaction.ts";
import { createTestDatabase } from "../testing/database.ts";

Deno.test("document numbers: 20 concurrent allocations, some rolled back, leave contiguous numbers", async () => {
  const db = await createTestDatabase();
  try {
    await db.sql`create table numbered (number text primary key, seq int not null)`;
    const attempts = Array.from({ length: 20 }, (_, i) =>
      transaction(db.sql, async (tx) => {
        const { seq, number } = await allocateNumber(tx, "estimate");
        await tx`insert into numbered values (${number}, ${seq})`;
        // Hold the number a moment so the others queue behind the counter's lock.
        await tx`select pg_sleep(0.01)`;
        if (i % 4 === 1) throw new Error("rolled back");
        return number;
      }).then(
        (n) => n,
        () => null,
      ),
    );
    const kept = (await Promise.all(attempts)).filter((n): n is string => n !== null);
    assert.equal(kept.length, 15);
    const rows = await db.sql<{ number: string; seq: number }[]>`select number, seq from numbered order by seq`;
    assert.deepEqual(
      rows.map((r) => r.number),
      Array.from({ length: 15 }, (_, i) => `E-${1001 + i}`),
      "every number from E-1001 on, none skipped by a rollback",
    );
    assert.deepEqual(rows.map((r) => r.number).sort(), [...kept].sort());
  } finally {
    await db.close();
  }
});

Deno.test("document numbers: each kind has its own sequence and format", async () => {
  const db = await createTestDatabase();
  try {
    const first = await transaction(db.sql, async (tx) => [
      await allocateNumber(tx, "invoice"),
      await allocateNumber(tx, "estimate"),
      await allocateNumber(tx, "invoice"),
    ]);
    assert.deepEqual(
      first.map((n) => n.number),
      ["INV-000001", "E-1001", "INV-000002"],
    );
  } finally {
    await db.close();
  }
});
