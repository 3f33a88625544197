import { boundedCache } from "../common/bounded-cache.ts";
import { type BookingRules, DEFAULT_BOOKING_RULES, type OpenHours, WEEKDAYS } from "./rules.ts";

export { DEFAULT_BUSINESS_TZ } from "./rules.ts";

/**
 * Opening rules: which dates and hourly slots can be booked under a set of booking rules (the business settings;
 * SPEC §9's by default, see rules.ts).
 */
/** How far ahead a visit may be booked by default, in days from today (the settings hold the current one). */
export const BOOKING_HORIZON_DAYS = DEFAULT_BOOKING_RULES.horizonDays;

const SLOT_LABEL = /^(1[0-2]|[1-9]):00 (AM|PM)$/;

/** "7:00 AM" for 7, "12:00 PM" for 12, "7:00 PM" for 19: how every slot is written. */
export function slotLabel(hour24: number): string {
  const suffix = hour24 < 12 ? "AM" : "PM";
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:00 ${suffix}`;
}

/** The hour of a 24-hour "HH:00" time of the settings. */
export const hourOf = (time: string): number => Number(time.slice(0, 2));

/** The slot labels of one day: hourly from `open` to `close`, both included (SPEC's last slot starts at 7:00 PM). */
export function slotsOf(day: OpenHours | null): string[] {
  if (!day) return [];
  const [first, last] = [hourOf(day.open), hourOf(day.close)];
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => slotLabel(first + i));
}

/** Every slot label some day of the week offers, earliest first: what a booking's time may be at all. */
export function weekSlots(rules: Pick<BookingRules, "hours"> = DEFAULT_BOOKING_RULES): string[] {
  const hours = new Set(WEEKDAYS.flatMap((day) => slotsOf(rules.hours[day]).map((label) => slotHour(label)!)));
  return [...hours].sort((a, b) => a - b).map(slotLabel);
}

/** The slot labels of a calendar date by its weekday's hours (closed dates are dateProblem's concern). */
export function slotsOnDate(isoDate: string, rules: Pick<BookingRules, "hours"> = DEFAULT_BOOKING_RULES): string[] {
  return slotsOf(rules.hours[WEEKDAYS[weekdayOf(isoDate)]!]);
}

/** The 13 slot labels of the default hours, written exactly "7:00 AM" … "12:00 PM" … "7:00 PM". */
export const TIME_SLOTS: readonly string[] = weekSlots();

export function isTimeSlot(value: string, rules: Pick<BookingRules, "hours"> = DEFAULT_BOOKING_RULES): boolean {
  return weekSlots(rules).includes(value);
}

/** 24-hour clock hour of a slot label ("7:00 PM" -> 19), or null when it is not written as one. */
export function slotHour(label: string): number | null {
  const m = SLOT_LABEL.exec(label);
  if (!m) return null;
  return (Number(m[1]) % 12) + (m[2] === "PM" ? 12 : 0);
}

/** Visit order: by date, then by the slot's hour ("9:00 AM" before "10:00 AM", which text order gets wrong). */
export function byVisit(
  a: { cleaningDate: string; cleaningTime: string },
  b: { cleaningDate: string; cleaningTime: string },
): number {
  return (
    a.cleaningDate.localeCompare(b.cleaningDate) || (slotHour(a.cleaningTime) ?? 99) - (slotHour(b.cleaningTime) ?? 99)
  );
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

/** True for a Saturday, the day SPEC §8 has a refusal text of its own for. */
export function isSaturday(isoDate: string): boolean {
  return weekdayOf(isoDate) === 6;
}

export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per zone and shape, kept: building an Intl.DateTimeFormat costs far more than using one, and every
 * booking reads today's date and a visit's instant in the business's zone.
 */
function zoneFormatter(shape: "date" | "clock", timeZone: string): Intl.DateTimeFormat {
  const key = `${shape}|${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format =
      shape === "date"
        ? new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
        : new Intl.DateTimeFormat("en-US", {
            timeZone,
            hourCycle: "h23",
            year: "numeric",
            month: "2-digit",
            day: "2-digit",
            hour: "2-digit",
            minute: "2-digit",
            second: "2-digit",
          });
    formatters.set(key, format);
  }
  return format;
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;
const todays = boundedCache<string>(16);

/** Today's calendar date in the given time zone, e.g. the business's, at instant `now`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // Every zone's offset is a whole number of quarter hours, so a local day always starts on a quarter hour of UTC:
  // within one quarter hour, the date read once holds (every booking asks).
  const quarter = Math.floor(now.getTime() / QUARTER_HOUR_MS);
  return todays(`${timeZone}\n${quarter}`, () => {
    const parts = zoneFormatter("date", timeZone).formatToParts(now);
    const get = (type: string) => parts.find((p) => p.type === type)!.value;
    return `${get("year")}-${get("month")}-${get("day")}`;
  });
}

/** The first date a customer may book: today + leadDays (tomorrow by default) in the business time zone. */
export function earliestBookingDate(
  timeZone: string,
  now: Date = new Date(),
  leadDays: number = DEFAULT_BOOKING_RULES.leadDays,
): string {
  return addDays(todayIn(timeZone, now), leadDays);
}

/** The last date a customer may book: `horizonDays` after today in the business time zone. */
export function latestBookingDate(
  timeZone: string,
  now: Date = new Date(),
  horizonDays: number = BOOKING_HORIZON_DAYS,
): string {
  return addDays(todayIn(timeZone, now), horizonDays);
}

/** `saturday` is a closed Saturday (SPEC §8's own text); `closed-day` any other closed weekday. */
export type DateProblem = "invalid" | "too-soon" | "too-far" | "closed-date" | "saturday" | "closed-day";

/** The closed dates entry a date falls in, if any. */
export function closedDatesOn(isoDate: string, rules: Pick<BookingRules, "closedDates">) {
  return rules.closedDates.find((c) => c.from <= isoDate && isoDate <= c.to) ?? null;
}

/**
 * Why a date cannot be booked, or null when it can. `rules` are the business's booking rules; a number is the
 * default rules with that horizon (what the screens that do not read the settings yet pass).
 */
export function dateProblem(
  isoDate: string,
  timeZone: string,
  now: Date = new Date(),
  rules: BookingRules | number = DEFAULT_BOOKING_RULES,
): DateProblem | null {
  const r = typeof rules === "number" ? { ...DEFAULT_BOOKING_RULES, horizonDays: rules } : rules;
  if (!isIsoDate(isoDate)) return "invalid";
  if (isoDate < earliestBookingDate(timeZone, now, r.leadDays)) return "too-soon";
  if (isoDate > latestBookingDate(timeZone, now, r.horizonDays)) return "too-far";
  return closedDayProblem(isoDate, r);
}

/** Why the business is closed on a date (a closed date, a closed weekday), or null when it is open. */
export function closedDayProblem(
  isoDate: string,
  rules: Pick<BookingRules, "hours" | "closedDates">,
): "closed-date" | "saturday" | "closed-day" | null {
  if (closedDatesOn(isoDate, rules)) return "closed-date";
  if (slotsOnDate(isoDate, rules).length === 0) return isSaturday(isoDate) ? "saturday" : "closed-day";
  return null;
}

/**
 * The UTC instant at which a wall-clock time on a date begins in a time zone
 * (used for "24 hours before the visit" and calendar files).
 */
export function zonedInstant(isoDate: string, hour: number, timeZone: string): Date {
  // Pure and asked again for the same slots (a booking's reminder, its manage checks): two Intl reads saved.
  return new Date(instants(`${isoDate}\n${hour}\n${timeZone}`, () => findZonedInstant(isoDate, hour, timeZone)));
}

const instants = boundedCache<number>(1024);

function findZonedInstant(isoDate: string, hour: number, timeZone: string): number {
  const [y, m, d] = isoDate.split("-").map(Number);
  const guess = Date.UTC(y!, m! - 1, d!, hour);
  // Offset of the zone at the guessed instant; one correction covers DST edges outside the night.
  const offsetAt = (instant: number) => {
    const parts = zoneFormatter("clock", timeZone).formatToParts(new Date(instant));
    const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
    return asUtc - instant;
  };
  const first = guess - offsetAt(guess);
  return guess - offsetAt(first);
}

/**
 * The first date from `isoDate` on that the business is open (its weekly hours and closed dates), looking at most
 * `withinDays` ahead; `isoDate` itself when none is (hours closed every day are the office's to mend, not a reason
 * to invent a date further away).
 */
export function firstOpenDay(
  isoDate: string,
  rules: Pick<BookingRules, "hours" | "closedDates">,
  withinDays = 62,
): string {
  for (let day = isoDate, n = 0; n <= withinDays; day = addDays(day, 1), n++) {
    if (closedDayProblem(day, rules) === null) return day;
  }
  return isoDate;
}

/** True when the hours and closed dates let a visit start at `time` on `isoDate` (lead time and horizon aside). */
export function isOpenAt(isoDate: string, time: string, rules: Pick<BookingRules, "hours" | "closedDates">): boolean {
  return !closedDatesOn(isoDate, rules) && slotsOnDate(isoDate, rules).includes(time);
}
