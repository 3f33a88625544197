import type { Sql } from "../../db/client.ts";
import { transaction } from "../../db/transaction.ts";
import type { Unsubscribed } from "../../contracts/outbox/reminders.ts";
import type { PortalPreferences } from "../../contracts/portal/portal.ts";

export interface RemindersRepo {
  /**
   * The customer of this token takes no more marketing e-mail (RFC 8058 one-click): their pending rebook reminders
   * are skipped at once. Null for an unknown token; unsubscribing twice keeps the first moment.
   */
  unsubscribe(token: string): Promise<{ email: string } | null>;
  /** Everyone who unsubscribed, newest first (the Customers view marks them). */
  unsubscribed(): Promise<Unsubscribed[]>;
  /** A customer's own e-mail switches (both on until they turn one off). */
  preferences(email: string): Promise<PortalPreferences>;
  /**
   * Turns the customer's switches on or off: yearly reminders off is the unsubscribe (its pending ones skipped at
   * once), on again takes it back; visit reminders off holds their pending ones back when they fall due.
   */
  setPreferences(email: string, change: Partial<PortalPreferences>): Promise<PortalPreferences>;
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
    async preferences(email) {
      const [row] = await sql<{ unsubscribed_at: Date | null; visit_reminders_off_at: Date | null }[]>`
        select unsubscribed_at, visit_reminders_off_at from mail_preferences where email = lower(${email})`;
      return { visitReminders: !row?.visit_reminders_off_at, yearlyReminders: !row?.unsubscribed_at };
    },
    async setPreferences(email, change) {
      const offWhen = (on: boolean | undefined) => (on === undefined ? null : on ? "on" : "off");
      const yearly = offWhen(change.yearlyReminders);
      const visit = offWhen(change.visitReminders);
      await transaction(sql, async (tx) => {
        // A customer who never had a rebook reminder gets their row (and its unsubscribe token) here.
        await tx`insert into mail_preferences (email) values (lower(${email})) on conflict (email) do nothing`;
        await tx`
          update mail_preferences
          set unsubscribed_at = case ${yearly}::text when 'off' then coalesce(unsubscribed_at, now())
                                                   when 'on' then null else unsubscribed_at end,
              visit_reminders_off_at = case ${visit}::text when 'off' then coalesce(visit_reminders_off_at, now())
                                                         when 'on' then null else visit_reminders_off_at end
          where email = lower(${email})`;
        if (yearly === "off") {
          await tx`
            update outbox set status = 'skipped', last_error = 'The customer unsubscribed'
            where kind = 'rebook-reminder' and status = 'pending' and lower(to_address) = lower(${email})`;
        }
      });
      return await this.preferences(email);
    },
    async unsubscribed() {
      const rows = await sql<{ email: string; unsubscribed_at: Date }[]>`
        select email, unsubscribed_at from mail_preferences where unsubscribed_at is not null
        order by unsubscribed_at desc`;
      return rows.map((r) => ({ email: r.email, unsubscribedAt: r.unsubscribed_at.toISOString() }));
    },
  };
}
