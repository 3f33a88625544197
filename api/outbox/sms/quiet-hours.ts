import { QUIET_HOURS } from "../../contracts/texts/texts.ts";
import { addDays, todayIn, zonedInstant } from "../../contracts/schedule/dates.ts";

const hourIn = (now: Date, timeZone: string) =>
  Number(new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" }).format(now));

/**
 * When a text due `now` may go: null while texts may be sent, else 8 AM (the end of the quiet hours, 9 PM to 8 AM) in
 * the business's time zone, today's before 8 AM or tomorrow's after 9 PM.
 */
export function quietUntil(
  now: Date,
  timeZone: string,
  hours: { fromHour: number; untilHour: number } = QUIET_HOURS,
): Date | null {
  const hour = hourIn(now, timeZone);
  if (hour >= hours.untilHour && hour < hours.fromHour) return null;
  const today = todayIn(timeZone, now);
  const day = hour >= hours.fromHour ? addDays(today, 1) : today;
  return zonedInstant(day, hours.untilHour, timeZone);
}
