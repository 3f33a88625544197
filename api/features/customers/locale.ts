import type { Sql, Tx } from "../../db/client.ts";
import { isLocale, type Locale } from "../../contracts/i18n/locales.ts";

/**
 * The language a customer reads us in (migration 030): the one they last booked in, kept by the booking's insert
 * (migration 043). English for one not found.
 */
export async function customerLocale(sql: Tx | Sql, customerId: string): Promise<Locale> {
  const [row] = await sql<{ locale: string }[]>`select locale from customers where id = ${customerId}`;
  return isLocale(row?.locale) ? row.locale : "en";
}
