import { MESSAGES } from "../contracts/common/messages.ts";
import { Unprocessable } from "../errors.ts";
import { jsonb, type Sql, type Tx } from "./client.ts";
import { transaction } from "./transaction.ts";

export interface IdempotentRequest {
  /** e.g. "POST /api/bookings": a key is scoped to one route. */
  route: string;
  /** Null when the client sent no Idempotency-Key: the work simply runs in a transaction. */
  key: string | null;
  bodyHash: string;
}

export interface Outcome<B> {
  status: number;
  body: B;
}

export interface IdempotentOutcome<B> extends Outcome<B> {
  /** True when this is the stored answer to an earlier request with the same key. */
  replayed: boolean;
}

const LOCK_NAMESPACE = 1;
/**
 * A phone's outbox replays with the same key until the server answers, possibly after days in a drawer; a key
 * forgotten sooner could turn a replay of a booking whose answer was lost into a second booking.
 */
export const IDEMPOTENCY_TTL_HOURS = 30 * 24;

/** Runs writes that a client may retry, so that a retry answers the first result and writes nothing. */
export interface IdempotencyStore {
  /**
   * `prepare` issues reads the work needs whatever the key's answer: they leave with the key's lock and lookup, one
   * round trip, and the work gets their result. A repeat of an answered key gets its answer back without
   * them: what they read or throw is then ignored.
   */
  run<B, P = undefined>(
    request: IdempotentRequest,
    work: (tx: Tx, prepared: P) => Promise<Outcome<B>>,
    prepare?: (tx: Tx) => Promise<P>,
  ): Promise<IdempotentOutcome<B>>;
  /** Deletes keys older than the retention period; returns how many. */
  purge(): Promise<number>;
}

export function createIdempotencyStore(sql: Sql): IdempotencyStore {
  return {
    run<B, P = undefined>(
      request: IdempotentRequest,
      work: (tx: Tx, prepared: P) => Promise<Outcome<B>>,
      prepare?: (tx: Tx) => Promise<P>,
    ) {
      const prepareIn = (tx: Tx) => (prepare ? prepare(tx) : Promise.resolve(undefined as P));
      return transaction(
        sql,
        async (tx): Promise<IdempotentOutcome<B>> => {
          if (request.key === null) return { ...(await work(tx, await prepareIn(tx))), replayed: false };
          // Concurrent duplicates queue on the lock; the second one then finds the first one's stored answer. Both go
          // out in one round trip: Postgres reads the key once the lock is held, with a snapshot taken then.
          const claim = Promise.all([
            tx`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${request.route + "\n" + request.key}))`,
            tx<{ body_hash: string; status: number; response: B }[]>`
            select body_hash, status, response from idempotency_keys
            where route = ${request.route} and key = ${request.key}`,
          ]);
          // Issued after the key's statements, in the same packet, so every request takes the key's lock first.
          const prepared = prepareIn(tx);
          // A repeat answers without waiting for them; they still run before the transaction ends.
          prepared.catch(() => {});
          const [, [prior]] = await claim;
          if (prior) {
            if (prior.body_hash !== request.bodyHash) throw new Unprocessable(MESSAGES.idempotencyKeyReused);
            return { status: prior.status, body: prior.response, replayed: true };
          }
          return { ...(await work(tx, await prepared)), replayed: false };
        },
        // The answer is kept with the commit, in its packet: a retry then finds it, or finds nothing was done.
        (tx, outcome) =>
          request.key === null || outcome.replayed
            ? null
            : tx`
              insert into idempotency_keys (route, key, body_hash, status, response)
              values (${request.route}, ${request.key}, ${request.bodyHash}, ${outcome.status},
                      ${jsonb(tx, outcome.body)})`,
      );
    },
    async purge() {
      const rows = await sql`
        delete from idempotency_keys where created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
        returning 1`;
      return rows.length;
    },
  };
}
