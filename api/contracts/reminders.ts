/** A reminder later than this before the visit is not sent: the booking's own confirmation is recent enough. */
export const REMINDER_LAST_CALL_HOURS = 2;

const HOUR = 3_600_000;

/**
 * When a visit's reminder goes (issue 19): `hours` before the visit, but not sooner than `minGapHours` after the
 * booking was made; null when that moment falls within the last two hours before the visit.
 */
export function reminderMoment(
  visitStart: Date,
  bookedAt: Date,
  { hours, minGapHours }: { hours: number; minGapHours: number },
): Date | null {
  const at = Math.max(visitStart.getTime() - hours * HOUR, bookedAt.getTime() + minGapHours * HOUR);
  return at > visitStart.getTime() - REMINDER_LAST_CALL_HOURS * HOUR ? null : new Date(at);
}
