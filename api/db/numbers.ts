import { type DocumentKind, FIRST_NUMBER, formatDocumentNumber } from "../contracts/money/numbers.ts";
import type { Tx } from "./client.ts";

export interface AllocatedNumber {
  /** The position in its sequence (1001, 1002, …). */
  seq: number;
  /** As the customer reads it: "E-1001", "INV-000001". */
  number: string;
}

/**
 * The next number of `kind`, taken inside the caller's transaction. The counter's row stays locked until that
 * transaction commits or rolls back: a concurrent caller waits, and a rollback leaves the counter as it was, so the
 * numbers that reach the database follow each other without a gap. Call it late in the transaction (after the
 * checks that may refuse), so the lock is held briefly.
 */
export async function allocateNumber(tx: Tx, kind: DocumentKind): Promise<AllocatedNumber> {
  const [row] = await tx<{ last: string }[]>`
    insert into document_counters (kind, last_number) values (${kind}, ${FIRST_NUMBER[kind]})
    on conflict (kind) do update set last_number = document_counters.last_number + 1
    returning last_number::text as last`;
  const seq = Number(row!.last);
  return { seq, number: formatDocumentNumber(kind, seq) };
}
