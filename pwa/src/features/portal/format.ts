import { longWeekdayDay } from "@contracts/common/days.ts";
import type { PortalVisit } from "@contracts/portal/portal.ts";
import type { VisitStage } from "@contracts/visit/visit.ts";
import type { Translator } from "../../lib/i18n/I18nProvider.tsx";

/** Where the visit stands, in the customer's words. */
export const STAGE_WORDS: Record<VisitStage, string> = {
  scheduled: "Scheduled",
  en_route: "On the way",
  on_site: "In progress",
  completed: "Completed",
};

/**
 * The page's formatter when it writes another language than English (FormatJS, loaded with that language's texts):
 * its dates and times then come from it, in the business's time zone. English keeps its own writing below.
 */
type Words = Pick<Translator, "locale" | "intl"> | undefined;
const other = (words: Words) => (words && words.locale !== "en" ? words.intl : null);

const utcDay = (day: string) => {
  const [year, month, date] = day.split("-").map(Number);
  return Date.UTC(year!, month! - 1, date!);
};

/**
 * "Tuesday, March 3, 2026" of a calendar date (no time zone can move it), written out: the page's first render does
 * not load the phone's locale data for it (decision 0058). In Spanish, "martes, 3 de marzo de 2026".
 */
export function dayText(day: string, words?: Words): string {
  const intl = other(words);
  if (!intl) return longWeekdayDay(day);
  return intl.formatDate(utcDay(day), {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** "Mar 2, 10:15 AM" of an instant, in the business's time zone ("2 mar, 10:15 a.m."). */
export function momentText(iso: string, timeZone: string, words?: Words): string {
  const options = { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone } as const;
  const intl = other(words);
  if (intl) return intl.formatDate(iso, options);
  return new Intl.DateTimeFormat("en-US", options).format(new Date(iso));
}

/** "10:15 AM" of an instant, in the business's time zone ("10:15 a.m."). */
export function clockText(iso: string, timeZone: string, words?: Words): string {
  const options = { hour: "numeric", minute: "2-digit", timeZone } as const;
  const intl = other(words);
  if (intl) return intl.formatTime(iso, options);
  return new Intl.DateTimeFormat("en-US", options).format(new Date(iso));
}

/** The visit's pill: cancelled, requested (the office has not confirmed it yet), or where the visit stands. */
export function visitLabel(v: Pick<PortalVisit, "status" | "visitStage">): { text: string; tone: string } {
  if (v.status === "cancelled") return { text: "Cancelled", tone: "cancelled" };
  if (v.status === "pending" && v.visitStage === "scheduled") return { text: "Requested", tone: "scheduled" };
  return { text: STAGE_WORDS[v.visitStage], tone: v.visitStage };
}

/** "Dec 11, 2026" of an instant, in the business's time zone ("11 dic 2026"). */
export function dateText(iso: string, timeZone: string, words?: Words): string {
  const options = { month: "short", day: "numeric", year: "numeric", timeZone } as const;
  const intl = other(words);
  if (intl) return intl.formatDate(iso, options);
  return new Intl.DateTimeFormat("en-US", options).format(new Date(iso));
}
