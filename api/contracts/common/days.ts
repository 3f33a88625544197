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

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const parts = (day: string) => {
  const [year, month, date] = day.split("-").map(Number);
  const weekday = WEEKDAYS[new Date(Date.UTC(year!, month! - 1, date!)).getUTCDay()]!;
  return { year: year!, month: MONTHS[month! - 1]!, date: date!, weekday };
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

/** "Mon, Jun 8, 2026" from "2026-06-08", as en-US writes it short with its weekday. */
export function shortWeekdayDay(day: string): string {
  const { year, month, date, weekday } = parts(day);
  return `${weekday.slice(0, 3)}, ${month.slice(0, 3)} ${date}, ${year}`;
}

/** "March 2026" from any day of that month. */
export function monthOfDay(day: string): string {
  const { year, month } = parts(day);
  return `${month} ${year}`;
}

/** "Tuesday, March 10, 2026" from "2026-03-10". */
export function longWeekdayDay(day: string): string {
  const { year, month, date, weekday } = parts(day);
  return `${weekday}, ${month} ${date}, ${year}`;
}
