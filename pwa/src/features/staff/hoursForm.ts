import { DEFAULT_TECHNICIAN_HOURS, type TechnicianHours } from "@contracts/schedule/board.ts";
import { WEEKDAYS, type Weekday } from "@contracts/schedule/rules.ts";
import { TechnicianHoursSchema } from "@contracts/schedule/hours-schema.ts";
import * as v from "valibot";

/** The working-hours form as typed: each weekday worked or not with its times, and the days off as text. */
export interface HoursFields {
  week: Record<Weekday, { works: boolean; start: string; end: string }>;
  /** Dates separated by commas, spaces or lines ("2026-12-24, 2026-12-31"). */
  daysOff: string;
}

export function hoursFieldsOf(hours: TechnicianHours): HoursFields {
  const week = Object.fromEntries(
    WEEKDAYS.map((day) => {
      const worked = hours.week[day];
      const usual = DEFAULT_TECHNICIAN_HOURS.week.monday!;
      return [day, { works: worked !== null, start: worked?.start ?? usual.start, end: worked?.end ?? usual.end }];
    }),
  ) as HoursFields["week"];
  return { week, daysOff: hours.daysOff.join(", ") };
}

/** The hours the fields describe, checked by the schema the server uses; or the first problem. */
export function hoursOf(f: HoursFields): { hours: TechnicianHours } | { problem: string } {
  const input = {
    week: Object.fromEntries(
      WEEKDAYS.map((day) => [day, f.week[day].works ? { start: f.week[day].start, end: f.week[day].end } : null]),
    ),
    daysOff: f.daysOff.split(/[\s,;]+/).filter(Boolean),
  };
  const parsed = v.safeParse(TechnicianHoursSchema, input);
  return parsed.success ? { hours: parsed.output } : { problem: parsed.issues[0].message };
}
