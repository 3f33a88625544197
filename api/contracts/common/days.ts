import { todayIn } from "../schedule/dates.ts";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** The calendar day ("2026-11-20") an instant falls on in a time zone: the server's, with its time zone data. */
export const calendarDay = (instant: string, timeZone: string): string => todayIn(timeZone, new Date(instant));

const parts = (day: string) => {
  const [year, month, date] = day.split("-").map(Number);
  return { year: year!, month: MONTHS[month! - 1]!, date: date! };
};

/**
 * "November 20, 2026" from "2026-11-20", written out: a customer's page shows the days the server worked out in the
 * business's time zone, and its phone does not load the locale's date data (tens of milliseconds) to show them.
 */
export function longDay(day: string): string {
  const { year, month, date } = parts(day);
  return `${month} ${date}, ${year}`;
}

/** "Nov 20, 2026" from "2026-11-20". */
export function shortDay(day: string): string {
  const { year, month, date } = parts(day);
  return `${month.slice(0, 3)} ${date}, ${year}`;
}
