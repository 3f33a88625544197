import type { Locale } from "../contracts/i18n/locales.ts";
import { slotHour } from "../contracts/schedule/dates.ts";

const TAGS: Record<Locale, string> = { en: "en-US", es: "es-US" };
const OPTIONS = { hour: "numeric", minute: "2-digit" } as const;

// One formatter per language and zone: building one costs far more than using it, and a message names a few times.
const formats = new Map<string, Intl.DateTimeFormat>();
const formatIn = (locale: Locale, timeZone: string) => {
  const key = `${locale}:${timeZone}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(TAGS[locale], { ...OPTIONS, timeZone })));
  return format;
};

// ICU writes some of its spaces as no-break ones (U+202F, U+00A0), which a text's GSM-7 alphabet has not: plain ones.
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/**
 * A time of day as every message to a customer writes it (e-mails, texts, calendar files), the one place that does:
 * "9:58 AM" in English, ICU's es-US in Spanish ("9:58 a.m."), in `timeZone`.
 */
export function clockIn(locale: Locale, at: Date, timeZone: string): string {
  return plainSpaces(formatIn(locale, timeZone).format(at));
}

/**
 * A booking's slot ("9:00 AM", the form's label, already business time) as a message writes it: English as the form
 * shows it, word for word; Spanish as clockIn writes a time ("9:00 a.m."). A label that is not a slot stays as it is.
 */
export function slotIn(locale: Locale, label: string): string {
  if (locale === "en") return label;
  const hour = slotHour(label);
  if (hour === null) return label;
  return clockIn(locale, new Date(Date.UTC(2000, 0, 1, hour)), "UTC");
}

/** The slot `hours` after a slot's start, as slotIn writes it ("between 9:00 AM and 11:00 AM"). */
export function slotHourIn(locale: Locale, hour24: number): string {
  if (locale === "en") return `${((hour24 + 11) % 12) + 1}:00 ${hour24 < 12 ? "AM" : "PM"}`;
  return clockIn(locale, new Date(Date.UTC(2000, 0, 1, hour24 % 24)), "UTC");
}
