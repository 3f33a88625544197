import type { Locale } from "../i18n/locales.ts";
import { longDay } from "./days.ts";

// Spanish writes months in lower case ("20 de noviembre de 2026"), as ICU's es-US does. A module of its own: the
// booking form's days (days.ts) are English and every public page loads them.
const MESES = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

/**
 * longDay in a customer's language: "November 20, 2026" or "20 de noviembre de 2026", written out, so server and
 * browser write the same text (hydration) without the phone loading the locale's date data.
 */
export function longDayIn(locale: Locale, day: string): string {
  if (locale !== "es") return longDay(day);
  return `${Number(day.slice(8, 10))} de ${MESES[Number(day.slice(5, 7)) - 1]} de ${day.slice(0, 4)}`;
}
