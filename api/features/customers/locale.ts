import type { Sql, Tx } from "../../db/client.ts";
import { isLocale, type Locale } from "../../contracts/i18n/locales.ts";

/** The language a customer reads us in, kept on their record (migration 030): the one they last booked in. */
export async function setCustomerLocale(tx: Tx | Sql, customerId: string, locale: Locale): Promise<void> {
  await tx`update customers set locale = ${locale} where id = ${customerId} and locale <> ${locale}`;
}

/** A customer's language; English for one not found. */
export async function customerLocale(sql: Tx | Sql, customerId: string): Promise<Locale> {
  const [row] = await sql<{ locale: string }[]>`select locale from customers where id = ${customerId}`;
  return isLocale(row?.locale) ? row.locale : "en";
}
