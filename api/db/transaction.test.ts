import assert from "node:assert/strict";
import { createServer, connect as connectTcp, type Socket } from "node:net";
import { connect } from "./client.ts";
import { transaction } from "./transaction.ts";
import { createTestDatabase } from "../testing/database.ts";

Deno.test("transaction", async (t) => {
  const db = await createTestDatabase({ migrated: false });
  // One connection: whatever a transaction leaves on it, the next statement of the pool meets.
  const sql = db.kind === "postgres" ? connect(db.url, { max: 1 }) : db.sql;
  const values = async () => (await sql<{ v: number }[]>`select v from transaction_test order by v`).map((r) => r.v);
  const inTransaction = async () => {
    // now() is the transaction's start; outside a transaction each statement starts its own.
    const [a] = await sql<{ now: Date }[]>`select now()`;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const [b] = await sql<{ now: Date }[]>`select now()`;
    return a!.now.getTime() === b!.now.getTime();
  };
  try {
    await sql`create table transaction_test (v int primary key)`;

    await t.step("commits the work's writes and answers what the work answered", async () => {
      const answer = await transaction(sql, async (tx) => {
        await Promise.all([tx`insert into transaction_test values (1)`, tx`insert into transaction_test values (2)`]);
        return "done";
      });
      assert.equal(answer, "done");
      assert.deepEqual(await values(), [1, 2]);
    });

    await t.step("statements sent together run in one transaction", async () => {
      const [{ xid1, xid2 }] = await transaction(sql, async (tx) => {
        const [[a], [b]] = await Promise.all([
          tx<{ xid: string }[]>`select txid_current()::text as xid`,
          tx<{ xid: string }[]>`select txid_current()::text as xid`,
        ]);
        return [{ xid1: a!.xid, xid2: b!.xid }];
      });
      assert.equal(xid1, xid2, "both statements ran in one transaction");
    });

    await t.step("a thrown error rolls back every write before it", async () => {
      await assert.rejects(
        transaction(sql, async (tx) => {
          await tx`insert into transaction_test values (3)`;
          throw new Error("the work gave up");
        }),
        /the work gave up/,
      );
      assert.deepEqual(await values(), [1, 2]);
      assert.equal(await inTransaction(), false, "the connection went back to the pool outside a transaction");
    });

    await t.step("a failed statement rolls back the others sent with it", async () => {
      await assert.rejects(
        transaction(sql, (tx) =>
          Promise.all([tx`insert into transaction_test values (4)`, tx`insert into transaction_test values (1)`]),
        ),
        (error: { code?: string }) => error.code === "23505",
      );
      assert.deepEqual(await values(), [1, 2]);
      assert.equal(await inTransaction(), false);
    });

    await t.step("a last statement made from the work's answer commits with it", async () => {
      const answer = await transaction(
        sql,
        () => Promise.resolve(10),
        (tx, value) => tx`insert into transaction_test values (${value})`,
      );
      assert.equal(answer, 10);
      assert.deepEqual(await values(), [1, 2, 10]);
    });

    await t.step("a failed last statement keeps nothing of the transaction", async () => {
      await assert.rejects(
        transaction(
          sql,
          async (tx) => {
            await tx`insert into transaction_test values (11)`;
            return 1;
          },
          (tx, value) => tx`insert into transaction_test values (${value})`,
        ),
        (error: { code?: string }) => error.code === "23505",
      );
      assert.deepEqual(await values(), [1, 2, 10]);
      assert.equal(await inTransaction(), false);
    });

    await t.step("a failed COMMIT is an error, and the pool stays usable", async () => {
      await sql`
        create table transaction_deferred (v int unique deferrable initially deferred)`;
      await assert.rejects(
        transaction(sql, async (tx) => {
          await tx`insert into transaction_deferred values (1), (1)`;
        }),
        (error: { code?: string }) => error.code === "23505",
      );
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from transaction_deferred`;
      assert.equal(count, 0);
      assert.equal(await inTransaction(), false);
    });
  } finally {
    if (sql !== db.sql) await sql.end();
    await db.close();
  }
});

/** A loopback hop to the database whose open connections can be cut, as a restart or a network drop cuts them. */
async function cuttableHop(url: string) {
  const target = new URL(url);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connectTcp(Number(target.port), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.pipe(to);
      from.on("close", () => (sockets.delete(from), to.destroy()));
      from.on("error", () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const hop = new URL(url);
  hop.host = `127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url: hop.toString(),
    cut: () => sockets.forEach((s) => s.destroy()),
    close: () => (sockets.forEach((s) => s.destroy()), new Promise((resolve) => server.close(resolve))),
  };
}

Deno.test("a transaction waiting for a connection runs when the connection it waited on is cut", async () => {
  const db = await createTestDatabase({ migrated: false });
  const hop = await cuttableHop(db.url);
  const sql = connect(hop.url, { max: 1 });
  try {
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const first = transaction(sql, async (tx) => {
      await tx`select 1`;
      holding();
      await tx`select pg_sleep(60)`;
    });
    first.catch(() => {});
    await held;
    // The pool's one connection is taken: this one waits in the pool's queue.
    const second = transaction(sql, async (tx) => (await tx<{ v: number }[]>`select 2 as v`)[0]!.v);
    hop.cut();
    await assert.rejects(first);
    // A waiter the pool lost would never settle: the test's own limit then fails it rather than hang the suite.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const lost = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error("the waiting transaction never got a connection")), 20_000);
    });
    try {
      assert.equal(await Promise.race([second, lost]), 2);
    } finally {
      clearTimeout(timer);
    }
  } finally {
    await sql.end({ timeout: 1 });
    await hop.close();
    await db.close();
  }
});
