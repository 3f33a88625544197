import * as v from "valibot";
import { isoDate } from "../common/fields.ts";
import { type Weekday, WEEKDAYS } from "./rules.ts";

/** "07:30": a working day's start or end, on the quarter hour. */
const clockTime = (label: string) =>
  v.pipe(
    v.string(`${label} must be text`),
    v.regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, `${label} must be a time like 07:30, on the quarter hour`),
  );

const workingDay = v.pipe(
  v.strictObject({ start: clockTime("Start"), end: clockTime("End") }),
  v.check((d) => d.start < d.end, "A working day must end after it starts"),
);

/** PUT /api/staff/{id}/hours: the whole week (null: a day not worked) and the days off. */
export const TechnicianHoursSchema = v.strictObject({
  week: v.strictObject(
    Object.fromEntries(WEEKDAYS.map((day) => [day, v.nullable(workingDay)])) as Record<
      Weekday,
      v.NullableSchema<typeof workingDay, undefined>
    >,
  ),
  daysOff: v.pipe(
    v.array(isoDate, "Days off must be a list"),
    v.maxLength(366, "At most 366 days off"),
    v.transform((dates) => [...new Set(dates)].sort()),
  ),
});
