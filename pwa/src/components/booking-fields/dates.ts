import { longWeekdayDay, monthOfDay } from "@contracts/common/days.ts";
import { addDays, isIsoDate, weekdayOf } from "@contracts/schedule/dates.ts";

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A typed date, "MM/DD/YYYY" (as shown) or "YYYY-MM-DD", as an ISO date; null when it is not a real date. */
export function parseTypedDate(text: string): string | null {
  const trimmed = text.trim();
  const us = US_DATE.exec(trimmed);
  const iso = us ? `${us[3]}-${us[1]!.padStart(2, "0")}-${us[2]!.padStart(2, "0")}` : trimmed;
  return isIsoDate(iso) ? iso : null;
}

/** "2026-03-09" -> "03/09/2026", the way US customers write dates. */
export function formatUsDate(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${m}/${d}/${y}`;
}

// Written out, not through Intl: a phone's first Intl date format loads the locale's data (tens of milliseconds on its
// main thread), and this module loads with the booking form, before the page answers a tap. Spanish is written by
// Intl (DateField, Calendar): fewer bytes than tables of names, and only a Spanish reader pays that first format.
/** "Tuesday, March 10, 2026" */
export const longDate = longWeekdayDay;

/** "March 2026" for the month holding the date. */
export const monthLabel = monthOfDay;

export const firstOfMonth = (iso: string) => `${iso.slice(0, 7)}-01`;

/** The first day of the month `delta` months away, e.g. shiftMonth("2026-01-31", 1) -> "2026-02-01". */
export function shiftMonth(iso: string, delta: number): string {
  const [y, m] = iso.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1 + delta, 1)).toISOString().slice(0, 10);
}

/** The weeks (Sunday first) of the month holding `iso`; null pads days of other months. */
export function monthWeeks(iso: string): (string | null)[][] {
  const first = firstOfMonth(iso);
  const lead = weekdayOf(first);
  const days: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = first; day.slice(0, 7) === first.slice(0, 7); day = addDays(day, 1)) days.push(day);
  while (days.length % 7 !== 0) days.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}
