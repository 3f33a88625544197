import type { Sql } from "../../../db/client.ts";
import type { Locale } from "../../../contracts/i18n/locales.ts";

/** The language on a customer's record (customers.locale): their page's, their e-mails', texts' and PDFs'. */
export interface CustomerLanguageRepo {
  localeOf(customerId: string): Promise<Locale | null>;
  /** False when there is no such record (merged away). */
  setLocale(customerId: string, locale: Locale): Promise<boolean>;
}

export function createCustomerLanguageRepo(sql: Sql): CustomerLanguageRepo {
  return {
    async localeOf(customerId) {
      const [row] = await sql<{ locale: Locale }[]>`
        select locale from customers where id = ${customerId} and merged_into is null`;
      return row?.locale ?? null;
    },
    async setLocale(customerId, locale) {
      const rows = await sql`
        update customers set locale = ${locale} where id = ${customerId} and merged_into is null returning id`;
      return rows.length === 1;
    },
  };
}
