import type { Sql } from "../../db/client.ts";
import { transaction } from "../../db/transaction.ts";
import type { Unsubscribed } from "../../contracts/outbox/reminders.ts";

export interface RemindersRepo {
  /**
   * The customer of this token takes no more marketing e-mail (RFC 8058 one-click): their pending rebook reminders
   * are skipped at once. Null for an unknown token; unsubscribing twice keeps the first moment.
   */
  unsubscribe(token: string): Promise<{ email: string } | null>;
  /** Everyone who unsubscribed, newest first (the Customers view marks them). */
  unsubscribed(): Promise<Unsubscribed[]>;
}

export const UNSUBSCRIBE_TOKEN = /^[0-9a-f]{64}$/;

export function createRemindersRepo(sql: Sql): RemindersRepo {
  return {
    async unsubscribe(token) {
      if (!UNSUBSCRIBE_TOKEN.test(token)) return null;
      return await transaction(sql, async (tx) => {
        const [row] = await tx<{ email: string }[]>`
          update mail_preferences set unsubscribed_at = coalesce(unsubscribed_at, now())
          where unsubscribe_token = ${token}
          returning email`;
        if (!row) return null;
        await tx`
          update outbox set status = 'skipped', last_error = 'The customer unsubscribed'
          where kind = 'rebook-reminder' and status = 'pending' and lower(to_address) = ${row.email}`;
        return row;
      });
    },
    async unsubscribed() {
      const rows = await sql<{ email: string; unsubscribed_at: Date }[]>`
        select email, unsubscribed_at from mail_preferences where unsubscribed_at is not null
        order by unsubscribed_at desc`;
      return rows.map((r) => ({ email: r.email, unsubscribedAt: r.unsubscribed_at.toISOString() }));
    },
  };
}
