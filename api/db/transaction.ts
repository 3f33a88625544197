import type postgres from "postgres";
import type { Sql, Tx } from "./client.ts";

/**
 * Runs `work` in a transaction, like postgres.js's `sql.begin`, except that BEGIN does not wait for its own answer:
 * it leaves in the same packet as the work's first statements, which Postgres then runs inside the transaction.
 * One round trip fewer per transaction. Commits when `work` resolves, rolls back when it throws.
 *
 * `last` may end the transaction with one statement made from what `work` answered (the idempotency store keeps
 * the answer this way): it is sent in the same packet as COMMIT, another round trip fewer. If it fails, nothing
 * of the transaction is kept.
 */
export async function transaction<T>(
  sql: Sql,
  work: (tx: Tx) => Promise<T>,
  last?: (tx: Tx, value: T) => postgres.PendingQuery<postgres.Row[]> | null,
): Promise<T> {
  const connection = await sql.reserve();
  try {
    // A query runs once it is awaited or executed; executed now, it is written with whatever follows in this tick.
    const begun = connection`begin`.execute();
    // Settled below; without a handler here, a failed BEGIN would also surface as an unhandled rejection.
    begun.catch(() => {});
    let result: T;
    try {
      const tx = connection as unknown as Tx;
      result = await work(tx);
      // Executed here, in this order, in this tick: the statement and COMMIT leave together. Postgres answers a
      // COMMIT after a failed statement with a rollback, and the statement's own error is what is thrown.
      const final = last?.(tx, result)?.execute() ?? null;
      const commit = connection`commit`.execute();
      await Promise.all([begun, final, commit]);
    } catch (error) {
      // Also after a failed COMMIT or BEGIN: a connection must not go back to the pool inside a transaction.
      await connection`rollback`.catch(() => {});
      throw error;
    }
    return result;
  } finally {
    connection.release();
  }
}
