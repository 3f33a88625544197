import { isLocale, type Locale } from "../../contracts/i18n/locales.ts";
import type { Sql } from "../../db/client.ts";
import { isUuid } from "../../db/ids.ts";

/** What the texts' routes read of customers and bookings. */
export function createTextsRepo(sql: Sql) {
  return {
    /** A customer record that stands (not merged away), by id; null otherwise. */
    /** The customer, with the language their texts are written in. */
    async customer(id: string): Promise<{ id: string; name: string; locale: Locale } | null> {
      if (!isUuid(id)) return null;
      const [row] = await sql<{ id: string; name: string; locale: string }[]>`
        select id, name, locale from customers where id = ${id} and merged_into is null`;
      return row ? { ...row, locale: isLocale(row.locale) ? row.locale : "en" } : null;
    },

    /** The customer's next visit still to come (pending or confirmed, today or later), with its manage link's token. */
    async nextVisit(customerId: string, today: string): Promise<{ id: string; manageToken: string } | null> {
      const [row] = await sql<{ id: string; manage_token: string }[]>`
        select id, manage_token from bookings
        where customer_id = ${customerId} and status in ('pending', 'confirmed') and cleaning_date >= ${today}
        order by cleaning_date, to_timestamp(cleaning_time, 'HH12:MI AM'), created_at
        limit 1`;
      return row ? { id: row.id, manageToken: row.manage_token } : null;
    },

    /** Where a short link of a text leads, or null. */
    async shortLink(code: string): Promise<string | null> {
      if (!/^[A-Za-z0-9]{4,32}$/.test(code)) return null;
      const [row] = await sql<{ url: string }[]>`select url from short_links where code = ${code}`;
      return row?.url ?? null;
    },
  };
}

export type TextsRepo = ReturnType<typeof createTextsRepo>;
