/** A reminder later than this before the visit is not sent: the booking's own confirmation is recent enough. */
export const REMINDER_LAST_CALL_HOURS = 2;

const HOUR = 3_600_000;

/**
 * When a visit's reminder goes: `hours` before the visit, but not sooner than `minGapHours` after the
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

/** Which reminders the business sends (Settings); both on by default. */
export interface ReminderSettings {
  /** The e-mail ahead of each visit. */
  visit: boolean;
  /** The e-mail a year after a completed visit. */
  rebook: boolean;
}

export const DEFAULT_REMINDERS: ReminderSettings = { visit: true, rebook: true };

const DAY = 24 * HOUR;

/** When a completed visit's rebook reminder goes: `days` after the moment it was completed. */
export function rebookMoment(completedAt: Date, days: number): Date {
  return new Date(completedAt.getTime() + days * DAY);
}

/** The booking form's address for "book again": it reads the customer's details by the token, never a date. */
export const bookAgainPath = (manageToken: string) => `/booking?again=${manageToken}`;

/** The one-click unsubscribe page and API (RFC 8058), by the customer's own token. */
export const unsubscribePath = (token: string) => `/unsubscribe/${token}`;

/** GET /api/unsubscribe (admins): a customer who takes no more rebook reminders. */
export interface Unsubscribed {
  /** Lower-cased. */
  email: string;
  unsubscribedAt: string;
}
