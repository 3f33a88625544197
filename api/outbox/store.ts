import type { Config } from "../config.ts";
import type { ContactMessage } from "../contracts/contact/contact.ts";
import type { MailKind, MailRecord, MailStatus } from "../contracts/outbox/mail.ts";
import type { Booking } from "../contracts/bookings/booking.ts";
import type { BusinessProfile } from "../contracts/settings/profile.ts";
import { managePath, visitStart } from "../contracts/bookings/manage.ts";
import { bookAgainPath, rebookMoment, reminderMoment, unsubscribePath } from "../contracts/outbox/reminders.ts";
import { type SettingsProfile, withSettingsProfile } from "../contracts/settings/settings.ts";
import { jsonb, type Sql, type Tx } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { MESSAGES } from "../contracts/common/messages.ts";
import { Conflict } from "../errors.ts";
import type { Logger } from "../platform/log.ts";
import { onceUnlessFailed } from "../platform/once.ts";
import type { BookingChange, MailOutbox } from "./outbox.ts";
import { writeStaffNotices } from "./push/notices.ts";
import { SERVICE_NAMES } from "../contracts/services/catalog.ts";
import {
  bookingCancelled,
  bookingConfirmed,
  bookingRescheduled,
  bookingRestored,
  businessBookingChanged,
  businessContactMessage,
  type MailContext,
  staffInvitation,
  technicianJobAssigned,
  technicianOnTheWay,
  serviceReport,
  rebookReminder,
  type MailOrder,
  orderHeading,
  renderOrder,
  type RenderedMail,
} from "./mail/templates.ts";

/** What the outbox keeps of a message: nodemailer's options, complete, so sending needs nothing else. */
export interface OutgoingMessage {
  from: string;
  to: { name: string; address: string };
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** `encoding: "base64"` for binary files (nodemailer decodes it): the message stays JSON in the outbox. */
  attachments?: { filename: string; content: string; contentType: string; encoding?: "base64" }[];
  headers?: Record<string, string>;
}

export interface MailOutboxOptions {
  config: Pick<Config, "profile" | "mail" | "businessTz">;
  log: Logger;
  /** DTSTAMP of calendar files (the app's clock). */
  now?: () => Date;
}

/** A row's message ready to send: as written, or rendered now when the row names its e-mail (a `MailOrder`). */
export type Compose = (message: unknown) => Promise<OutgoingMessage>;

/**
 * The outbox over the database; `onWake` connects the worker once it runs, and `composer` gives it a `Compose` for
 * each batch it sends.
 */
export type DatabaseOutbox = MailOutbox & {
  onWake(wake: () => void): void;
  composer(): Compose;
};

/** A row's message that names its e-mail instead of holding it. */
type OrderMessage = { order: MailOrder };
const isOrder = (message: unknown): message is OrderMessage =>
  typeof message === "object" && message !== null && "order" in message;

export function toOutgoing(mail: RenderedMail, from: string): OutgoingMessage {
  const attachments: NonNullable<OutgoingMessage["attachments"]> = [
    ...(mail.ics
      ? [
          {
            filename: mail.ics.method === "CANCEL" ? "cancelled-appointment.ics" : "appointment.ics",
            content: mail.ics.content,
            contentType: `text/calendar; charset=utf-8; method=${mail.ics.method}`,
          },
        ]
      : []),
    ...(mail.files ?? []).map((file) => ({
      filename: file.filename,
      content: file.base64,
      contentType: file.contentType,
      encoding: "base64" as const,
    })),
  ];
  return {
    from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(attachments.length > 0 ? { attachments } : {}),
    ...(mail.headers ? { headers: mail.headers } : {}),
  };
}

/** The customer's e-mail about a change, and the business inbox's when the customer made it. */
export function mailsForChange(change: BookingChange, manageUrl: (token: string) => string, ctx: MailContext) {
  const { booking } = change;
  switch (change.kind) {
    case "confirmed":
      return [
        bookingConfirmed(booking, manageUrl(change.manageToken), ctx),
        ...(change.by === "customer" ? [businessBookingChanged(booking, "confirmed", null, ctx)] : []),
      ];
    case "rescheduled":
      return [
        bookingRescheduled(booking, change.previous, manageUrl(change.manageToken), ctx),
        ...(change.by === "customer" ? [businessBookingChanged(booking, "rescheduled", change.previous, ctx)] : []),
      ];
    case "restored":
      return [bookingRestored(booking, manageUrl(change.manageToken), ctx)];
    case "cancelled":
      return [
        bookingCancelled(booking, ctx),
        ...(change.deleted
          ? [businessBookingChanged(booking, "deleted", null, ctx)]
          : change.by === "customer"
            ? [businessBookingChanged(booking, "cancelled", null, ctx)]
            : []),
      ];
  }
}

interface OutboxRow {
  id: string;
  kind: MailKind;
  to_address: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
  next_attempt_at: Date;
}

const toRecord = (r: OutboxRow): MailRecord => ({
  _id: r.id,
  kind: r.kind,
  to: r.to_address,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  lastError: r.last_error,
  createdAt: r.created_at.toISOString(),
  sentAt: r.sent_at?.toISOString() ?? null,
  nextAttemptAt: r.status === "pending" ? r.next_attempt_at.toISOString() : null,
});

/**
 * Messages are written in the change's transaction, with the booking as it is in it: rendered now, or (a booking's
 * confirmation, office copy and reminder) named with that booking and rendered by the worker when it sends them.
 */
export function createMailOutbox(sql: Sql, options: MailOutboxOptions): DatabaseOutbox {
  const { config, log } = options;
  const now = options.now ?? (() => new Date());
  const manageUrl = (token: string) => `${config.mail.publicUrl}${managePath(token)}`;
  let wake: () => void = () => {};

  const write = async (
    tx: Tx,
    mails: RenderedMail[],
    refs: { bookingId?: string; contactMessageId?: string },
    /** When the messages are due; now when absent. */
    at?: Date,
  ): Promise<void> =>
    await writeDue(
      tx,
      mails.map((mail) => ({ mail, at })),
      refs,
    );

  /** write(), each message with its own moment (a new booking's e-mails now, its reminder later). */
  const writeDue = async (
    tx: Tx,
    messages: ({ mail: RenderedMail; at?: Date } | { order: MailOrder; ctx: Omit<MailContext, "now">; at?: Date })[],
    refs: { bookingId?: string; contactMessageId?: string },
  ): Promise<void> => {
    if (messages.length === 0) return;
    // One statement for all of a change's messages (a new booking has three): one round trip inside the booking's
    // transaction instead of one per message. Rows keep their order, so seq still follows the list.
    const rows = messages.map((message) => {
      const common = {
        booking_id: refs.bookingId ?? null,
        contact_message_id: refs.contactMessageId ?? null,
        next_attempt_at: message.at ?? now(),
      };
      if ("order" in message) {
        const { to, subject } = orderHeading(message.order, message.ctx);
        const order: OrderMessage = { order: message.order };
        return { ...common, kind: message.order.template, to_address: to, subject, message: jsonb(tx, order) };
      }
      const { mail } = message;
      const outgoing = toOutgoing(mail, config.mail.from);
      return {
        ...common,
        kind: mail.kind,
        to_address: mail.to.address,
        subject: mail.subject,
        message: jsonb(tx, outgoing),
      };
    });
    await tx`insert into mail_outbox ${tx(rows, "kind", "booking_id", "contact_message_id", "to_address", "subject", "message", "next_attempt_at")}`;
  };

  /** The business as the owner last saved it in Settings, read in the change's own transaction. */
  const currentProfile = async (tx: Sql | Tx): Promise<BusinessProfile> => {
    const [row] = await tx<{ profile: SettingsProfile }[]>`select profile from business_settings`;
    return row ? withSettingsProfile(config.profile, row.profile) : config.profile;
  };

  // Read once per transaction and service: a new booking's confirmation, its copy and its reminder all need them
  // (issue 20: two round trips fewer per booking).
  const contexts = new WeakMap<Tx, Map<string, Promise<Omit<MailContext, "now">>>>();

  const contextsOf = (tx: Tx) => {
    let byService = contexts.get(tx);
    if (!byService) contexts.set(tx, (byService = new Map()));
    return byService;
  };

  /** What a booking's e-mails say besides the booking: the business, and the service's title as listed now. */
  const bookingContext = async (tx: Tx, booking: Booking): Promise<MailContext> => {
    const byService = contextsOf(tx);
    let context = byService.get(booking.serviceType);
    if (!context) {
      context = (async () => {
        const [service] = await tx<{ title: string }[]>`select title from services where id = ${booking.serviceType}`;
        return { profile: await currentProfile(tx), serviceTitle: service?.title };
      })();
      byService.set(booking.serviceType, context);
    }
    return { ...(await context), now: now() };
  };

  /** When the visit reminder of a booking as it is now is due; null when it gets none (not live, too late). */
  const visitReminderMoment = (booking: Booking): Date | null =>
    booking.status === "pending" || booking.status === "confirmed"
      ? reminderMoment(
          visitStart(booking.cleaningDate, booking.cleaningTime, config.businessTz),
          new Date(booking.createdAt),
          { hours: config.mail.reminderHours, minGapHours: config.mail.reminderMinGapHours },
        )
      : null;

  /**
   * One rebook reminder per completed visit, due REBOOK_AFTER_DAYS after it was completed (the first write that
   * saw it completed); a visit completed again after being taken back keeps the one it has if it was sent.
   */
  const remindRebook = async (tx: Tx, booking: Booking, manageToken: string) => {
    const [existing] = await tx`
      select 1 from mail_outbox where booking_id = ${booking._id} and kind = 'rebook-reminder' limit 1`;
    if (existing) return;
    const token = await unsubscribeToken(tx, booking.email);
    const ctx = await bookingContext(tx, booking);
    const links = {
      bookAgainUrl: `${config.mail.publicUrl}${bookAgainPath(manageToken)}`,
      unsubscribeUrl: `${config.mail.publicUrl}${unsubscribePath(token)}`,
      apiUnsubscribeUrl: `${config.mail.publicUrl}/api${unsubscribePath(token)}`,
    };
    const at = rebookMoment(now(), config.mail.rebookAfterDays);
    await write(tx, [rebookReminder(booking, links, ctx)], { bookingId: booking._id }, at);
  };

  /** The customer's unsubscribe token, made with their first marketing e-mail and the same ever after. */
  const unsubscribeToken = async (tx: Tx, email: string): Promise<string> => {
    const [row] = await tx<{ unsubscribe_token: string }[]>`
      insert into mail_preferences (email) values (lower(${email}))
      on conflict (email) do update set email = excluded.email
      returning unsubscribe_token`;
    return row!.unsubscribe_token;
  };

  return {
    // The business profile is read once per batch, when its first named e-mail needs it, rather than once per
    // e-mail; a change in Settings shows from the next batch on.
    composer() {
      // A failed read is not kept: the batch's next e-mail asks again.
      const profile = onceUnlessFailed(() => currentProfile(sql));
      return async (message) => {
        if (!isOrder(message)) return message as OutgoingMessage;
        const mail = renderOrder(message.order, { profile: await profile(), now: now() });
        return toOutgoing(mail, config.mail.from);
      };
    },
    knownContext(tx, serviceType, { serviceTitle, settingsProfile }) {
      contextsOf(tx).set(
        serviceType,
        Promise.resolve({ profile: withSettingsProfile(config.profile, settingsProfile), serviceTitle }),
      );
    },
    async bookingChanged(tx, change) {
      const ctx = await bookingContext(tx, change.booking);
      await write(tx, mailsForChange(change, manageUrl, ctx), { bookingId: change.booking._id });
    },
    async contactReceived(tx, message: ContactMessage) {
      const ctx = { profile: await currentProfile(tx), now: now() };
      await write(tx, [businessContactMessage(message, ctx)], { contactMessageId: message._id });
    },
    async staffInvited(tx, invite) {
      const ctx = { profile: await currentProfile(tx), now: now() };
      const url = `${config.mail.publicUrl}${invite.path}`;
      await write(tx, [staffInvitation({ ...invite, url }, ctx)], {});
    },
    async jobAssigned(tx, { booking, technician }) {
      const ctx = await bookingContext(tx, booking);
      await write(tx, [technicianJobAssigned(booking, technician, ctx)], { bookingId: booking._id });
    },
    async visitChanged(tx, change, dueAt) {
      const ctx = await bookingContext(tx, change.booking);
      const mail =
        change.kind === "on-the-way"
          ? technicianOnTheWay(change.booking, change.technicianName, ctx)
          : serviceReport(change.booking, { ...change.report, bookAgainUrl: `${config.mail.publicUrl}/booking` }, ctx);
      await write(tx, [mail], { bookingId: change.booking._id }, dueAt);
    },
    async bookingCreated(tx, { booking, manageToken }) {
      const ctx = await bookingContext(tx, booking);
      const url = manageUrl(manageToken);
      const order = (template: MailOrder["template"], at?: Date) => ({
        order: { template, booking, manageUrl: url, serviceTitle: ctx.serviceTitle },
        ctx,
        at,
      });
      const at = visitReminderMoment(booking);
      const orders = [order("booking-received"), order("business-new-booking")];
      await writeDue(tx, at ? [...orders, order("visit-reminder", at)] : orders, { bookingId: booking._id });
    },
    async setReminders(tx, booking, { deleted = false, manageToken } = {}) {
      await tx`
        delete from mail_outbox
        where booking_id = ${booking._id} and kind in ('visit-reminder', 'rebook-reminder') and status = 'pending'
          and (kind = 'visit-reminder' or ${deleted || booking.status !== "completed"})`;
      if (deleted) return;
      const [row] = manageToken
        ? [{ manage_token: manageToken }]
        : await tx<{ manage_token: string }[]>`select manage_token from bookings where id = ${booking._id}`;
      if (!row) return;
      if (booking.status === "completed") return await remindRebook(tx, booking, row.manage_token);
      const at = visitReminderMoment(booking);
      if (!at) return;
      const ctx = await bookingContext(tx, booking);
      const order: MailOrder = {
        template: "visit-reminder",
        booking,
        manageUrl: manageUrl(row.manage_token),
        serviceTitle: ctx.serviceTitle,
      };
      // A moment already past (a reminder due at once) is sent on the next pass.
      await writeDue(tx, [{ order, ctx, at }], { bookingId: booking._id });
    },
    async notifyStaff(tx, before, after, known) {
      const booking = (after ?? before)!;
      return await writeStaffNotices(
        tx,
        { before, after, at: now() },
        known ??
          (async () => {
            const { serviceTitle } = await bookingContext(tx, booking);
            return serviceTitle ?? SERVICE_NAMES[booking.serviceType] ?? booking.serviceType;
          }),
      );
    },
    async forBooking(bookingId) {
      if (!isUuid(bookingId)) return [];
      const rows = await sql<OutboxRow[]>`
        select id, kind, to_address, subject, status, attempts, last_error, created_at, sent_at, next_attempt_at
        from mail_outbox where booking_id = ${bookingId} and channel = 'mail' order by seq`;
      return rows.map(toRecord);
    },
    async resend(tx, id) {
      if (!isUuid(id)) return null;
      const [row] = await tx<(OutboxRow & { has_body: boolean })[]>`
        select id, kind, to_address, subject, status, attempts, last_error, created_at, sent_at, next_attempt_at,
               message <> '{}'::jsonb as has_body
        from mail_outbox where id = ${id} for update`;
      if (!row) return null;
      if (row.status !== "failed") throw new Conflict(MESSAGES.mailNotFailed);
      if (!row.has_body) throw new Conflict(MESSAGES.mailBodyGone);
      const [updated] = await tx<OutboxRow[]>`
        update mail_outbox set status = 'pending', attempts = 0, last_error = null, next_attempt_at = now()
        where id = ${id}
        returning id, kind, to_address, subject, status, attempts, last_error, created_at, sent_at, next_attempt_at`;
      return toRecord(updated!);
    },
    wake() {
      try {
        wake();
      } catch (error) {
        // Waking is only a shortcut: the next poll sends the message anyway.
        log.error({ msg: "mail worker wake failed", error: String(error) });
      }
    },
    onWake(next) {
      wake = next;
    },
  };
}
