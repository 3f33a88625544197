import { SERVICE_NAMES } from "../services/catalog.ts";
import {
  minutesOfDay,
  type MoveRefusal,
  type Place,
  type TechnicianHours,
  type TravelRules,
  travelMinutes,
} from "./board.ts";
import { visitStart } from "../bookings/manage.ts";
import { dateProblemMessage, longDate, timeRefusal } from "./date-problems.ts";
import { closedDayProblem, slotHour, weekdayOf } from "./dates.ts";
import { WEEKDAY_NAMES } from "./hours-text.ts";
import { type BookingRules, type Weekday, WEEKDAYS } from "./rules.ts";

/**
 * The rules of one technician's day that a move must keep, as pure functions: the server refuses with them under
 * its lock, and the board can draw with the same ones.
 */

/** One job of a technician's day: from `start` (minutes after midnight) for `minutes`, at `place`. */
export interface DayJob {
  _id: string;
  start: number;
  minutes: number;
  place: Place;
  /** How the refusal names it: "Mei Chen's dryer vent". */
  label: string;
}

/** "9:00 AM" → 540. */
export const slotStart = (label: string): number => (slotHour(label) ?? 0) * 60;

/** 630 → "10:30 AM". */
export function clockText(minutes: number): string {
  const hour = Math.floor(minutes / 60) % 24;
  const minute = minutes % 60;
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
}

/** "Dryer Vent Cleaning" → "dryer vent": how a job is named in a sentence. */
export function jobLabel(job: { firstName: string; lastName: string; serviceType: string }): string {
  const title = SERVICE_NAMES[job.serviceType] ?? job.serviceType;
  // Acronyms ("HVAC") keep their capitals; the other words read in lower case.
  const words = title.replace(/ cleaning$/i, "").split(" ");
  const service = words.map((w) => (w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase())).join(" ");
  return `${job.firstName} ${job.lastName}'s ${service}`;
}

/**
 * Why the office cannot put a job at this date and slot: the business is closed that day (a closed date or weekday),
 * the time is not one of that day's slots, or it has already begun. The lead time and the horizon are the
 * customers' rules, not the office's (decision 0066). Null when the business is open then.
 */
export function closedRefusal(
  date: string,
  time: string,
  rules: Pick<BookingRules, "hours" | "closedDates" | "leadDays" | "horizonDays">,
  timeZone: string,
  now: Date,
): string | null {
  const closed = closedDayProblem(date, rules);
  if (closed) return dateProblemMessage(closed, { ...rules, discountTiers: [], serviceAreaZips: [] }, date);
  const outside = timeRefusal(date, time, rules);
  if (outside) return outside;
  if (visitStart(date, time, timeZone).getTime() <= now.getTime()) return "That time has already begun";
  return null;
}

const plural = (day: Weekday) => `${WEEKDAY_NAMES[day]}s`;

/** Why the technician does not work then (a day off, a day not worked, outside the hours), or null. */
export function hoursRefusal(
  name: string,
  date: string,
  job: { start: number; minutes: number },
  hours: TechnicianHours,
): string | null {
  if (hours.daysOff.includes(date)) return `${name} is off on ${longDate(date)}`;
  const weekday = WEEKDAYS[weekdayOf(date)]!;
  const day = hours.week[weekday];
  if (!day) return `${name} does not work on ${plural(weekday)}`;
  const [start, end] = [minutesOfDay(day.start), minutesOfDay(day.end)];
  if (job.start < start || job.start + job.minutes > end) {
    return `${name} works from ${clockText(start)} to ${clockText(end)} on ${plural(weekday)}`;
  }
  return null;
}

/**
 * The first rule of the technician's day that `job` breaks among `others` (their other jobs that date, not
 * cancelled): hours, then overlap, then the drive from the previous job and to the next one. Null when it fits.
 */
export function dayConflict(args: {
  name: string;
  date: string;
  job: Omit<DayJob, "label">;
  others: readonly DayJob[];
  hours: TechnicianHours;
  travel: TravelRules;
}): MoveRefusal | null {
  const { name, date, job, hours, travel } = args;
  const outside = hoursRefusal(name, date, job, hours);
  if (outside) return { message: outside, conflict: { kind: "hours" } };
  const end = job.start + job.minutes;
  const others = args.others.filter((o) => o._id !== job._id).sort((a, b) => a.start - b.start);
  const overlapping = others.find((o) => o.start < end && job.start < o.start + o.minutes);
  if (overlapping) {
    return {
      message: `${name} has ${overlapping.label} until ${clockText(overlapping.start + overlapping.minutes)}`,
      conflict: { kind: "overlap", bookingId: overlapping._id },
    };
  }
  const previous = others.filter((o) => o.start < job.start).at(-1);
  if (previous) {
    const drive = travelMinutes(previous.place, job.place, travel);
    if (previous.start + previous.minutes + drive > job.start) {
      return {
        message: `${name} cannot get here from ${previous.label} in time: the drive takes ${drive} minutes`,
        conflict: { kind: "travel", bookingId: previous._id },
      };
    }
  }
  const next = others.find((o) => o.start >= end);
  if (next) {
    const drive = travelMinutes(job.place, next.place, travel);
    if (end + drive > next.start) {
      return {
        message: `${name} cannot get to ${next.label} in time: the drive takes ${drive} minutes`,
        conflict: { kind: "travel", bookingId: next._id },
      };
    }
  }
  return null;
}
