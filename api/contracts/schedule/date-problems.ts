import { BOOKING_MESSAGES } from "../bookings/messages.ts";
import { longDay } from "../common/days.ts";
import { type DateProblem, closedDatesOn, dateProblem, slotsOnDate, weekdayOf } from "./dates.ts";
import { type BookingRules, DEFAULT_BOOKING_RULES, WEEKDAYS } from "./rules.ts";

export const rulesOf = (rules: BookingRules | number): BookingRules =>
  typeof rules === "number" ? { ...DEFAULT_BOOKING_RULES, horizonDays: rules } : rules;

const capitalized = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/** "November 26, 2026": a calendar date as the refusals write it (written out: no locale data on a phone). */
export const longDate = longDay;

export const tooFarMessage = (horizonDays: number) => `Please choose a date within the next ${horizonDays} days`;

function tooSoonMessage(leadDays: number): string {
  if (leadDays === DEFAULT_BOOKING_RULES.leadDays) return BOOKING_MESSAGES.tooSoon;
  if (leadDays === 0) return "Please choose a date from today on.";
  return `Please choose a date at least ${leadDays} days from today.`;
}

/**
 * The text shown (and answered by the API with 422) for a date that cannot be booked: "We're closed on Sundays",
 * "We're closed on November 26, 2026 (Thanksgiving)", "Please choose a date within the next 365 days". `rules`
 * as for dateProblem; the closed-day and closed-date texts name `isoDate`.
 */
export function dateProblemMessage(
  problem: DateProblem,
  rules: BookingRules | number = DEFAULT_BOOKING_RULES,
  isoDate = "",
): string {
  const r = rulesOf(rules);
  switch (problem) {
    case "invalid":
      return BOOKING_MESSAGES.invalidDate;
    case "too-soon":
      return tooSoonMessage(r.leadDays);
    case "too-far":
      return tooFarMessage(r.horizonDays);
    case "saturday":
      return BOOKING_MESSAGES.saturdayClosed;
    case "closed-day":
      return `We're closed on ${capitalized(WEEKDAYS[weekdayOf(isoDate)]!)}s`;
    case "closed-date": {
      const reason = closedDatesOn(isoDate, r)?.reason;
      return `We're closed on ${longDate(isoDate)}${reason ? ` (${reason})` : ""}`;
    }
  }
}

/** Why a date cannot be booked under the rules, with its text; null when it can. */
export function dateRefusal(
  isoDate: string,
  rules: BookingRules,
  timeZone: string,
  now: Date,
): { problem: DateProblem; message: string } | null {
  const problem = dateProblem(isoDate, timeZone, now, rules);
  return problem ? { problem, message: dateProblemMessage(problem, rules, isoDate) } : null;
}

/** Why a time cannot be booked on an open date (outside that day's hours), or null when it can. */
export function timeRefusal(isoDate: string, time: string, rules: Pick<BookingRules, "hours">): string | null {
  const slots = slotsOnDate(isoDate, rules);
  if (slots.includes(time)) return null;
  const day = capitalized(WEEKDAYS[weekdayOf(isoDate)]!);
  if (slots.length === 0) return `We're closed on ${day}s`;
  return `On ${day}s our visits start from ${slots[0]} to ${slots[slots.length - 1]}. Please choose another time.`;
}
