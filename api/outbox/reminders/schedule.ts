import type { Booking } from "../../contracts/bookings/booking.ts";
import { visitStart } from "../../contracts/bookings/manage.ts";
import { bookAgainPath, rebookMoment, reminderMoment, unsubscribePath } from "../../contracts/outbox/reminders.ts";
import type { Tx } from "../../db/client.ts";
import type { MailConfig } from "../../config.ts";
import { type MailContext, type MailOrder, type RenderedMail, rebookReminder } from "../mail/templates.ts";

export type ReminderConfig = Pick<
  MailConfig,
  "publicUrl" | "reminderHours" | "reminderMinGapHours" | "rebookAfterDays"
>;

/** A message the reminders ask the outbox to write: rendered now, or named and rendered when it is sent. */
export type ReminderMail =
  { mail: RenderedMail; at: Date } | { order: MailOrder; ctx: Omit<MailContext, "now">; at: Date };

/** What the outbox does for a booking's reminders: which pending ones go, and which are written. */
export interface ReminderPlan {
  /** The booking whose pending visit reminder goes; `rebookToo`: its pending rebook reminder goes as well. */
  drop: { bookingId: string; rebookToo: boolean };
  mails: ReminderMail[];
}

/** When the visit reminder of a booking as it is now is due; null when it gets none (not live, too late). */
export function visitReminderMoment(booking: Booking, config: ReminderConfig, timeZone: string): Date | null {
  return booking.status === "pending" || booking.status === "confirmed"
    ? reminderMoment(visitStart(booking.cleaningDate, booking.cleaningTime, timeZone), new Date(booking.createdAt), {
        hours: config.reminderHours,
        minGapHours: config.reminderMinGapHours,
      })
    : null;
}

/** The visit reminder order of a booking, with its manage link. */
export function visitReminder(booking: Booking, manageUrl: string, ctx: Omit<MailContext, "now">): MailOrder {
  // The worker renders it later: the language goes with the order, as the booking's confirmation's does.
  return {
    template: "visit-reminder",
    booking,
    manageUrl,
    serviceTitle: ctx.serviceTitle,
    serviceTitleEs: ctx.serviceTitleEs,
    locale: ctx.locale,
  };
}

/**
 * The reminders of a booking after a write of it. Moved, cancelled, completed or taken back: the pending visit
 * reminder is replaced by one for the visit as it is now. A completed visit gets one rebook reminder, due
 * REBOOK_AFTER_DAYS after it was completed (the first write that saw it completed); a visit completed again after
 * being taken back keeps the one it has if it was sent.
 */
export async function planReminders(
  tx: Tx,
  order: { booking: Booking; manageToken: string | null; deleted?: boolean },
  options: {
    config: ReminderConfig;
    timeZone: string;
    ctx: Omit<MailContext, "now">;
    now: Date;
    manageUrl: (token: string) => string;
  },
): Promise<ReminderPlan> {
  const { booking, manageToken, deleted = false } = order;
  const drop = { bookingId: booking._id, rebookToo: deleted || booking.status !== "completed" };
  if (deleted || !manageToken) return { drop, mails: [] };
  if (booking.status === "completed") {
    const [existing] = await tx`
      select 1 from outbox where booking_id = ${booking._id} and kind = 'rebook-reminder' limit 1`;
    if (existing) return { drop, mails: [] };
    const token = await unsubscribeToken(tx, booking.email);
    const { publicUrl } = options.config;
    const links = {
      bookAgainUrl: `${publicUrl}${bookAgainPath(manageToken)}`,
      unsubscribeUrl: `${publicUrl}${unsubscribePath(token)}`,
      apiUnsubscribeUrl: `${publicUrl}/api${unsubscribePath(token)}`,
    };
    const at = rebookMoment(options.now, options.config.rebookAfterDays);
    return { drop, mails: [{ mail: rebookReminder(booking, links, { ...options.ctx, now: options.now }), at }] };
  }
  const at = visitReminderMoment(booking, options.config, options.timeZone);
  if (!at) return { drop, mails: [] };
  // A moment already past (a reminder due at once) is sent on the next pass.
  return {
    drop,
    mails: [{ order: visitReminder(booking, options.manageUrl(manageToken), options.ctx), ctx: options.ctx, at }],
  };
}

/** The customer's unsubscribe token, made with their first marketing e-mail and the same ever after. */
async function unsubscribeToken(tx: Tx, email: string): Promise<string> {
  const [row] = await tx<{ unsubscribe_token: string }[]>`
    insert into mail_preferences (email) values (lower(${email}))
    on conflict (email) do update set email = excluded.email
    returning unsubscribe_token`;
  return row!.unsubscribe_token;
}
