import type { Locale } from "@contracts/i18n/locales.ts";
import type { MessageDescriptor } from "@contracts/i18n/messages.ts";
import { longDate } from "../../components/booking-fields/dates.ts";
import { ApiError, NetworkError } from "../../lib/http.ts";
import { manageMessages } from "./messages.ts";

const intlLocale = (locale: Locale) => (locale === "es" ? "es-US" : "en-US");

/** "Monday, March 9, 2026, 9:00 AM" (or "lunes, 9 de marzo de 2026, 9:00 a.m.") of an instant in the business's zone. */
export function deadlineText(iso: string, timeZone: string, locale: Locale = "en"): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return "";
  return new Intl.DateTimeFormat(intlLocale(locale), {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  }).format(instant);
}

/** The visit's calendar date written out: "Tuesday, March 10, 2026", "martes, 10 de marzo de 2026". */
export function visitDate(isoDate: string, locale: Locale): string {
  if (locale === "en") return longDate(isoDate);
  // Noon UTC is that same date in every zone of the Americas; the date has no zone of its own.
  const instant = new Date(`${isoDate}T12:00:00Z`);
  if (Number.isNaN(instant.getTime())) return isoDate;
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "full", timeZone: "UTC" }).format(instant);
}

export const NO_CONNECTION = manageMessages.noConnection.defaultMessage;

/** What the customer reads when a cancel or move fails: the server's own words for a refusal (in the page's language). */
export function failureText(error: unknown, t: (message: MessageDescriptor) => string): string {
  if (error instanceof NetworkError) return t(manageMessages.noConnection);
  if (error instanceof ApiError && error.status < 500 && error.body?.message) return error.body.message;
  return t(manageMessages.serverTrouble);
}
