import type { Sql } from "../db/client.ts";
import type { OutboxFigures } from "../platform/metrics.ts";

/** The outbox's depth by channel and state, and each channel's oldest due message's wait: read at each scrape. */
export function outboxFigures(sql: Sql): () => Promise<OutboxFigures> {
  return async () => {
    const [depth, oldest] = await Promise.all([
      sql<{ channel: string; state: string; count: number }[]>`
        /* outbox.depth */ select channel, status as state, count(*)::int as count from outbox group by 1, 2`,
      // A claimed row's next attempt is its lease's end: only rows no worker holds count as waiting.
      sql<{ channel: string; ageSeconds: number }[]>`
        /* outbox.oldest_due */
        select channel, extract(epoch from now() - min(next_attempt_at))::float8 as "ageSeconds"
        from outbox where status = 'pending' and next_attempt_at <= now() group by 1`,
    ]);
    return { depth: [...depth], oldestDue: [...oldest] };
  };
}
