import { createIntl, createIntlCache, type IntlShape } from "@formatjs/intl";
import { DEFAULT_BUSINESS_TZ } from "@contracts/schedule/dates.ts";
import type { Locale } from "@contracts/i18n/locales.ts";

export type Catalog = Record<string, string>;

const cache = createIntlCache();

/**
 * FormatJS's formatter for a language and a catalog: ICU plurals and selects, and dates, times and numbers in the
 * business's time zone. The browser's (intlRuntime.ts, with the catalog it fetched) and the server renderer's (with
 * the catalog in its bundle) are made here alike, so a page the server wrote hydrates with the same texts.
 */
export function intlOf(locale: Locale, messages: Catalog): IntlShape {
  return createIntl(
    {
      locale: locale === "es" ? "es-US" : "en-US",
      defaultLocale: "en-US",
      messages,
      timeZone: DEFAULT_BUSINESS_TZ,
      // A missing Spanish text shows the English one; the catalogs' test is what keeps that from happening.
      onError: (error) => {
        if (error.code !== "MISSING_TRANSLATION") console.error(error);
      },
    },
    cache,
  );
}
