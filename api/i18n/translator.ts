import { createIntl, createIntlCache, type IntlShape } from "@formatjs/intl";
import { DEFAULT_BUSINESS_TZ } from "../contracts/schedule/dates.ts";
import { DEFAULT_LOCALE, type Locale } from "../contracts/i18n/locales.ts";
import type { MessageDescriptor, MessageValues } from "../contracts/i18n/messages.ts";
import spanishCustomer from "./catalogs/es/customer.json" with { type: "json" };
import spanishStaff from "./catalogs/es/staff.json" with { type: "json" };

/**
 * What the server writes to a customer (e-mails, calendar files, texts, PDFs, error messages) or to a staff member
 * (their own e-mails) in their language.
 */
export interface Translator {
  locale: Locale;
  /** A message of the customer catalog; English is its `defaultMessage`. */
  t: (message: MessageDescriptor, values?: MessageValues) => string;
  /** FormatJS's formatter: dates, times, numbers and plurals in the language, in the business's time zone. */
  intl: IntlShape;
}

const CATALOGS: Record<Locale, Record<string, string>> = { en: {}, es: { ...spanishCustomer, ...spanishStaff } };
const TAGS: Record<Locale, string> = { en: "en-US", es: "es-US" };

const cache = createIntlCache();
const made = new Map<string, Translator>();

/**
 * Spanish ends a sentence on an abbreviation with the abbreviation's own period: "a las 9:00 a.m." where a message
 * puts its "." after a time ("{when}."), not "a.m..".
 */
const oneFinalPeriod = (text: string) => text.replace(/\b([ap]\.\s?m\.)\./g, "$1");

/** A message with a date or time argument: formatted in the business's time zone. */
const DATED = /,\s*(?:date|time)\b/;

/** One formatter per language and time zone, made once: FormatJS caches each message's parsed form inside it. */
export function translator(locale: Locale = DEFAULT_LOCALE, timeZone = DEFAULT_BUSINESS_TZ): Translator {
  const key = `${locale}:${timeZone}`;
  const existing = made.get(key);
  if (existing) return existing;
  const config = {
    locale: TAGS[locale],
    defaultLocale: TAGS.en,
    messages: CATALOGS[locale],
    // A missing Spanish text falls back to English; the catalogs' test keeps that from reaching a customer.
    onError: (error: { code: string; message: string }) => {
      if (error.code !== "MISSING_TRANSLATION") console.error(error.message);
    },
  };
  const intl = createIntl({ ...config, timeZone }, cache);
  // With a time zone, FormatJS merges it into every named date format and keys its cache by the merged whole, on
  // every message (nearly all of a message's formatting time). A message without a date or time argument cannot
  // use the zone, so it is formatted by a formatter that has none; the zoned one keeps dates right.
  const unzoned = createIntl(config, cache);
  const format = (message: MessageDescriptor, values?: MessageValues) =>
    (DATED.test(message.defaultMessage) ? intl : unzoned).formatMessage(message, values);
  const made1: Translator = {
    locale,
    intl,
    t: locale === "es" ? (message, values) => oneFinalPeriod(format(message, values)) : format,
  };
  made.set(key, made1);
  return made1;
}
