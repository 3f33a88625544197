/** Opening rules (SPEC §9): Sunday to Friday, 7:00 AM to 7:00 PM, hourly slots, at least one day ahead. */
export const DEFAULT_BUSINESS_TZ = "America/New_York";
export const FIRST_HOUR = 7;
export const LAST_HOUR = 19;
export const LEAD_DAYS = 1;
export const CLOSED_WEEKDAY = 6; // Saturday
/** How far ahead a visit may be booked, in days from today (BOOKING_HORIZON_DAYS overrides it on the server). */
export const BOOKING_HORIZON_DAYS = 365;

function slotLabel(hour24: number): string {
  const suffix = hour24 < 12 ? "AM" : "PM";
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:00 ${suffix}`;
}

/** The 13 slot labels, written exactly "7:00 AM" … "12:00 PM" … "7:00 PM". */
export const TIME_SLOTS: readonly string[] = Array.from({ length: LAST_HOUR - FIRST_HOUR + 1 }, (_, i) =>
  slotLabel(FIRST_HOUR + i),
);

export function isTimeSlot(value: string): boolean {
  return TIME_SLOTS.includes(value);
}

/** 24-hour clock hour of a slot label, or null when it is not a slot. */
export function slotHour(label: string): number | null {
  const index = TIME_SLOTS.indexOf(label);
  return index === -1 ? null : FIRST_HOUR + index;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (rejects 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Day of week (0 = Sunday) of a calendar date; the date has no time zone of its own. */
export function weekdayOf(isoDate: string): number {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay();
}

export function isSaturday(isoDate: string): boolean {
  return weekdayOf(isoDate) === CLOSED_WEEKDAY;
}

export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** Today's calendar date in the given time zone, e.g. the business's, at instant `now`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** The first date a customer may book: tomorrow in the business time zone. */
export function earliestBookingDate(timeZone: string, now: Date = new Date()): string {
  return addDays(todayIn(timeZone, now), LEAD_DAYS);
}

/** The last date a customer may book: `horizonDays` after today in the business time zone. */
export function latestBookingDate(
  timeZone: string,
  now: Date = new Date(),
  horizonDays: number = BOOKING_HORIZON_DAYS,
): string {
  return addDays(todayIn(timeZone, now), horizonDays);
}

export type DateProblem = "invalid" | "too-soon" | "too-far" | "saturday";

/** Why a date cannot be booked, or null when it can. */
export function dateProblem(
  isoDate: string,
  timeZone: string,
  now: Date = new Date(),
  horizonDays: number = BOOKING_HORIZON_DAYS,
): DateProblem | null {
  if (!isIsoDate(isoDate)) return "invalid";
  if (isoDate < earliestBookingDate(timeZone, now)) return "too-soon";
  if (isoDate > latestBookingDate(timeZone, now, horizonDays)) return "too-far";
  if (isSaturday(isoDate)) return "saturday";
  return null;
}

/**
 * The UTC instant at which a wall-clock time on a date begins in a time zone
 * (used for "24 hours before the visit" and calendar files).
 */
export function zonedInstant(isoDate: string, hour: number, timeZone: string): Date {
  const [y, m, d] = isoDate.split("-").map(Number);
  const guess = Date.UTC(y!, m! - 1, d!, hour);
  // Offset of the zone at the guessed instant; one correction covers DST edges outside the night.
  const offsetAt = (instant: number) => {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }).formatToParts(new Date(instant));
    const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
    return asUtc - instant;
  };
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first));
}
