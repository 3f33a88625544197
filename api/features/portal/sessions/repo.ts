import type { Sql, Tx } from "../../../db/client.ts";
import { transaction } from "../../../db/transaction.ts";
import { isLocale, type Locale } from "../../../contracts/i18n/locales.ts";

/** The sign-in links of the portal: stored by their hash only, good for a while, once. */
export interface SignInRepo {
  /**
   * When any booking was made with this address (case aside), the language of the customer it is on (their sign-in
   * link is written in it); null when none was.
   */
  bookedIn(email: string): Promise<Locale | null>;
  /** Stores a link's hash for the address, and in the same transaction writes its e-mail (`also`). */
  issue(link: { email: string; hash: string; expiresAt: Date }, also: (tx: Tx) => Promise<void>): Promise<void>;
  /**
   * Uses the link of this hash up, in one statement (two tabs racing get one session): its address, or null when it
   * is unknown, used or expired at `now`.
   */
  redeem(hash: string, now: Date): Promise<string | null>;
}

export function createSignInRepo(sql: Sql): SignInRepo {
  return {
    async bookedIn(email) {
      // Any e-mail of a customer record with bookings signs in to it, not only the one the bookings were made with.
      const rows = await sql<{ locale: string | null }[]>`
        select c.locale from bookings b left join customers c on c.id = b.customer_id
        where lower(b.email) = lower(${email})
        union all
        select c.locale from customer_emails e join bookings b on b.customer_id = e.customer_id
          join customers c on c.id = e.customer_id
        where e.email = lower(${email})
        limit 1`;
      if (rows.length === 0) return null;
      return isLocale(rows[0]!.locale) ? rows[0]!.locale : "en";
    },
    async issue(link, also) {
      await transaction(sql, async (tx) => {
        await tx`
          insert into portal_sign_in_tokens (token_hash, email, expires_at)
          values (${link.hash}, lower(${link.email}), ${link.expiresAt})`;
        await also(tx);
      });
    },
    async redeem(hash, now) {
      const [row] = await sql<{ email: string }[]>`
        update portal_sign_in_tokens set used_at = ${now}
        where token_hash = ${hash} and used_at is null and expires_at > ${now}
        returning email`;
      return row?.email ?? null;
    },
  };
}
