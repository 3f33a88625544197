import type { Sql, Tx } from "./client.ts";

/**
 * Runs `work` in a transaction, like postgres.js's `sql.begin`, except that BEGIN does not wait for its own answer:
 * it leaves in the same packet as the work's first statements, which Postgres then runs inside the transaction.
 * One round trip fewer per transaction (issue 20). Commits when `work` resolves, rolls back when it throws.
 */
export async function transaction<T>(sql: Sql, work: (tx: Tx) => Promise<T>): Promise<T> {
  const connection = await sql.reserve();
  try {
    // A query runs once it is awaited or executed; executed now, it is written with whatever follows in this tick.
    const begun = connection`begin`.execute();
    // Settled below; without a handler here, a failed BEGIN would also surface as an unhandled rejection.
    begun.catch(() => {});
    let result: T;
    try {
      result = await work(connection as unknown as Tx);
      await begun;
      await connection`commit`;
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
