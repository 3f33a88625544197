import type { Sql } from "../../../db/client.ts";
import type { Locale } from "../../../contracts/i18n/locales.ts";

/** The language on a customer's record (customers.locale): their page's, their e-mails', texts' and PDFs'. */
export interface CustomerLanguageRepo {
  localeOf(customerId: string): Promise<Locale | null>;
  /** The language of the customer a booking is on (a rating link's page has the booking, not the record). */
  localeOfBooking(bookingId: string): Promise<Locale | null>;
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
    async localeOfBooking(bookingId) {
      const [row] = await sql<{ locale: Locale }[]>`
        select c.locale from bookings b join customers c on c.id = b.customer_id where b.id = ${bookingId}`;
      return row?.locale ?? null;
    },
    async setLocale(customerId, locale) {
      const rows = await sql`
        update customers set locale = ${locale} where id = ${customerId} and merged_into is null returning id`;
      return rows.length === 1;
    },
  };
}
