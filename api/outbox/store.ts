import type { Config } from "../config.ts";
import { managePath } from "../contracts/bookings/manage.ts";
import { MESSAGES } from "../contracts/common/messages.ts";
import type { MailRecord } from "../contracts/outbox/mail.ts";
import type { BusinessProfile } from "../contracts/settings/profile.ts";
import { ratingPath } from "../contracts/portal/portal.ts";
import { jsonb, type Sql, type Tx } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { Conflict } from "../errors.ts";
import type { Logger } from "../platform/log.ts";
import { type Compose, mailComposer, mailsForChange, type OrderMessage, toOutgoing } from "./mail/compose.ts";
import {
  businessContactMessage,
  type MailContext,
  type MailOrder,
  orderHeading,
  type RenderedMail,
  serviceReport,
  staffInvitation,
  staffNewSignIn,
  technicianJobAssigned,
  technicianOnTheWay,
} from "./mail/templates.ts";
import { portalSignIn, ratingRequest } from "./mail/portal-templates.ts";
import type { Outbox } from "./outbox.ts";
import { withTrace } from "./channel.ts";
import { activeTraceparent } from "../platform/tracing.ts";
import { membershipMail } from "./mail/membership-templates.ts";
import type { BookingContext, OutboxOrder } from "./orders.ts";
import {
  estimateApprovedNotice,
  invoicePaidNotice,
  lowRatingNotice,
  textReceivedNotice,
  type PushNotice,
  pushNotices,
} from "./push/notices.ts";
import { depositRefundReceipt, invoiceSent, paymentReceipt, refundReceipt } from "./mail/invoice-templates.ts";
import { estimateApproved, estimateSent } from "./mail/estimate-templates.ts";
import { planReminders, type ReminderMail, visitReminder, visitReminderMoment } from "./reminders/schedule.ts";
import { REPLACED_REMINDER } from "./reminders/policy.ts";
import { planTexts, reminderText, type TextPlan, writeTexts } from "./sms/plan.ts";

export interface OutboxOptions {
  config: Pick<Config, "mail" | "businessTz"> & Partial<Pick<Config, "twilio">>;
  log: Logger;
  /** The business as the settings hold it when a named e-mail is sent (the worker renders those then). */
  profile: () => Promise<BusinessProfile>;
  /** DTSTAMP of calendar files, and the moment of rows due now (the app's clock). */
  now?: () => Date;
}

/**
 * The outbox over the database; `onWake` connects the worker once it runs, and `composer` gives it a `Compose` for
 * each batch it sends.
 */
export type DatabaseOutbox = Outbox & {
  onWake(wake: () => void): void;
  composer(): Compose;
};

/** A mail row: a message rendered now, or named and rendered by the worker when it is sent. */
type MailSpec =
  ReminderMail | { mail: RenderedMail; at?: Date } | { order: MailOrder; ctx: Omit<MailContext, "now">; at?: Date };

/** What one order asks of the table, planned before any statement is issued. */
interface Plan {
  mails: MailSpec[];
  refs: { bookingId?: string; contactMessageId?: string };
  push?: PushNotice[];
  /** A booking's pending reminders to remove before its new ones are written. */
  drop?: { bookingId: string; rebookToo: boolean };
  /** Texts beside the e-mails, when texting is set up. */
  texts?: TextPlan;
}

interface OutboxRow {
  id: string;
  kind: MailRecord["kind"];
  to_address: string;
  subject: string;
  status: MailRecord["status"];
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
  next_attempt_at: Date;
}

const RECORD_COLUMNS =
  "id, kind, to_address, subject, status, attempts, last_error, created_at, sent_at, next_attempt_at";

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
 * The one writer of the outbox table. Orders are written in the caller's transaction, with the booking as it is in
 * it: rendered now, or (a booking's confirmation, office copy and reminder) named with that booking and rendered by
 * the worker when it sends them. The outbox reads no table of the rest of the app: what a message says besides the
 * booking comes with the order.
 */
export function createOutbox(sql: Sql, options: OutboxOptions): DatabaseOutbox {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const manageUrl = (token: string) => `${config.mail.publicUrl}${managePath(token)}`;
  const reminderConfig = config.mail;
  let wake: () => void = () => {};

  const withNow = (context: BookingContext): MailContext => ({ ...context, now: now() });
  // Without Twilio's credentials nothing is texted: no rows wait for a channel that never comes.
  const texting = !!config.twilio;
  const textOptions = () => ({ publicUrl: config.mail.publicUrl, timeZone: config.businessTz, now: now(), manageUrl });

  /** An order's e-mails and pushes, and its texts when texting is set up. */
  const planWithTexts = (tx: Tx, order: OutboxOrder): Plan | Promise<Plan> => {
    const planned = plan(tx, order);
    if (!texting) return planned;
    const texts = planTexts(tx, order, textOptions());
    const merge = (p: Plan, t: TextPlan): Plan =>
      p.texts
        ? { ...p, texts: { texts: [...p.texts.texts, ...t.texts], links: [...p.texts.links, ...t.links] } }
        : { ...p, texts: t };
    if (planned instanceof Promise || texts instanceof Promise) {
      return Promise.all([planned, texts]).then(([p, t]) => merge(p, t));
    }
    return merge(planned, texts);
  };

  /** What an order asks of the table; only the reminders of a written booking read first. */
  const plan = (tx: Tx, order: OutboxOrder): Plan | Promise<Plan> => {
    switch (order.kind) {
      case "booking-created": {
        const { booking, context } = order;
        const url = manageUrl(order.manageToken);
        const named = (template: MailOrder["template"], at?: Date): MailSpec => ({
          order: {
            template,
            booking,
            manageUrl: url,
            serviceTitle: context.serviceTitle,
            serviceTitleEs: context.serviceTitleEs,
            locale: context.locale,
          },
          ctx: context,
          at,
        });
        // The reminder setReminders would write, without the delete or token read a booking written before needs.
        const at = visitReminderMoment(booking, reminderConfig, config.businessTz);
        const mails = [named("booking-received"), named("business-new-booking")];
        if (at) mails.push({ order: visitReminder(booking, url, context), ctx: context, at });
        const reminder = texting && at ? reminderText(booking, order.manageToken, context, at, textOptions()) : null;
        return { mails, refs: { bookingId: booking._id }, texts: reminder ?? undefined };
      }
      case "booking-changed": {
        const mails = mailsForChange(
          order.change,
          { site: config.mail.publicUrl, manageUrl },
          withNow(order.context),
        ).map((mail) => ({ mail }));
        return { mails, refs: { bookingId: order.change.booking._id } };
      }
      case "reminders":
        return planReminders(tx, order, {
          config: reminderConfig,
          timeZone: config.businessTz,
          ctx: order.context,
          now: now(),
          manageUrl,
        }).then(({ drop, mails }) => {
          // The visit reminder's text goes with its e-mail (a change deletes both, of either channel, by kind).
          const visit = mails.find((m) => "order" in m && m.order.template === "visit-reminder");
          const texts =
            texting && visit?.at && order.manageToken
              ? reminderText(order.booking, order.manageToken, order.context, visit.at, textOptions())
              : undefined;
          return { mails, drop, refs: { bookingId: order.booking._id }, texts };
        });
      case "job-assigned": {
        // The technician's e-mail, not the customer's: English, whatever the customer reads.
        const mail = technicianJobAssigned(
          order.booking,
          order.technician,
          withNow({ ...order.context, locale: "en" }),
        );
        return { mails: [{ mail }], refs: { bookingId: order.booking._id } };
      }
      case "visit": {
        const { mail: visit, context } = order;
        const mail =
          visit.kind === "on-the-way"
            ? technicianOnTheWay(visit.booking, visit.technicianName, withNow(context))
            : serviceReport(
                visit.booking,
                { ...visit.report, bookAgainUrl: `${config.mail.publicUrl}/booking` },
                withNow(context),
              );
        return { mails: [{ mail, at: order.dueAt }], refs: { bookingId: visit.booking._id } };
      }
      case "staff-push":
        return { mails: [], refs: {}, push: pushNotices(order.before, order.after, order.serviceTitle) };
      case "contact-received": {
        const mail = businessContactMessage(order.message, { profile: order.profile, now: now() });
        return { mails: [{ mail }], refs: { contactMessageId: order.message._id } };
      }
      case "estimate-sent": {
        const mail = estimateSent(order.mail, { profile: order.profile, now: now() });
        return { mails: [{ mail }], refs: { bookingId: order.mail.bookingId } };
      }
      case "estimate-approved": {
        const mail = estimateApproved(order.mail, order.pdf, { profile: order.profile, now: now() });
        return {
          mails: [{ mail }],
          refs: { bookingId: order.mail.bookingId },
          push: [estimateApprovedNotice(order.mail)],
        };
      }
      case "invoice-sent": {
        const mail = invoiceSent(order.mail, { profile: order.profile, now: now() });
        return { mails: [{ mail }], refs: { bookingId: order.mail.invoice.bookingId } };
      }
      case "payment-received": {
        const mail = paymentReceipt(order.mail, order.payment, { profile: order.profile, now: now() });
        const paid = order.mail.invoice.balanceCents === 0;
        return {
          mails: [{ mail }],
          refs: { bookingId: order.mail.invoice.bookingId },
          push: paid ? [invoicePaidNotice(order.mail)] : [],
        };
      }
      case "refund-made": {
        const mail = refundReceipt(order.mail, order.refund, { profile: order.profile, now: now() });
        return { mails: [{ mail }], refs: { bookingId: order.mail.invoice.bookingId } };
      }
      case "staff-invited": {
        const url = `${config.mail.publicUrl}${order.invite.path}`;
        const ctx = { profile: order.profile, now: now(), locale: order.invite.locale };
        const mail = staffInvitation({ ...order.invite, url }, ctx);
        return { mails: [{ mail }], refs: {} };
      }
      case "staff-new-sign-in":
        return {
          mails: [
            { mail: staffNewSignIn(order.sign, { profile: order.profile, now: now(), locale: order.sign.locale }) },
          ],
          refs: {},
        };
      case "portal-sign-in": {
        const url = `${config.mail.publicUrl}${order.path}`;
        const mail = portalSignIn(
          { email: order.email, url, expiresAt: order.expiresAt },
          { profile: order.profile, now: now(), locale: order.locale },
        );
        return { mails: [{ mail }], refs: {} };
      }
      case "deposit-refunded": {
        const mail = depositRefundReceipt(order.booking, order.refunds, config.mail.publicUrl, withNow(order.context));
        return { mails: [{ mail }], refs: { bookingId: order.booking._id } };
      }
      case "membership": {
        const mail = membershipMail(order.mail, { profile: order.profile, now: now() });
        return { mails: [{ mail }], refs: { bookingId: order.mail.visit?.bookingId } };
      }
      case "rating-request":
        return ratingPlan(tx, order);
      case "low-rating":
        return { mails: [], refs: {}, push: [lowRatingNotice(order.rating, order.serviceTitle)] };
      case "text":
        // Its row comes from the texts' plan.
        return { mails: [], refs: {} };
      case "text-received":
        return { mails: [], refs: {}, push: [textReceivedNotice(order.message, order.customerName)] };
    }
  };

  /**
   * One "How did we do?" per booking: a second order (the payment after the completion) finds the first, unless the
   * first was skipped when it fell due (not paid yet, then).
   */
  const ratingPlan = async (tx: Tx, order: Extract<OutboxOrder, { kind: "rating-request" }>): Promise<Plan> => {
    const { booking } = order;
    const refs = { bookingId: booking._id };
    const [existing] = await tx`
      select 1 from outbox
      where booking_id = ${booking._id} and kind = 'rating-request' and status <> 'skipped' limit 1`;
    if (existing) return { mails: [], refs };
    const urlFor = (stars: number) => `${config.mail.publicUrl}${ratingPath(order.ratingToken, stars)}`;
    const mail = ratingRequest(booking, { urlFor }, withNow(order.context));
    return { mails: [{ mail, at: order.dueAt }], refs };
  };

  const mailRow = (tx: Tx, spec: MailSpec, refs: Plan["refs"], trace: string | undefined) => {
    const common = {
      booking_id: refs.bookingId ?? null,
      contact_message_id: refs.contactMessageId ?? null,
      next_attempt_at: spec.at ?? now(),
    };
    if ("order" in spec) {
      const { to, subject } = orderHeading(spec.order, spec.ctx);
      const message = withTrace<OrderMessage>({ order: spec.order }, trace);
      return { ...common, kind: spec.order.template, to_address: to, subject, message: jsonb(tx, message) };
    }
    const outgoing = withTrace(toOutgoing(spec.mail, config.mail.from), trace);
    const { kind, subject } = spec.mail;
    return { ...common, kind, to_address: spec.mail.to.address, subject, message: jsonb(tx, outgoing) };
  };

  /**
   * One row per device of the notice's audience, made by one statement from the subscriptions themselves: no read of
   * the devices first, so the office's devices cost a booking no round trip of its own under the slot's lock.
   * Deactivated staff have no devices to reach. The row's message is a PushMessage.
   */
  const pushRows = (tx: Tx, notice: PushNotice, at: Date, trace: string | undefined) => {
    const audience =
      "office" in notice.audience ? tx`a.role in ('owner', 'admin')` : tx`a.id = ${notice.audience.technicianId}::uuid`;
    return tx`
      insert into outbox (kind, channel, booking_id, to_address, subject, message, next_attempt_at)
      select ${notice.kind}::text, 'push', ${notice.bookingId}::uuid, s.id::text, ${notice.payload.title}::text,
             ${jsonb(tx, withTrace({ payload: notice.payload }, trace))}::jsonb
               || jsonb_build_object('subscriptionId', s.id::text),
             ${at}::timestamptz
      from push_subscriptions s join admin_users a on a.id = s.staff_id
      where ${audience} and a.status = 'active'`;
  };

  /**
   * The statements, issued together without waiting between them: the reminders to replace go first, then the push
   * rows, then every e-mail in one statement (rows keep the orders' order, so seq follows it). A new booking's push
   * rows then leave in the packet of its insert, ahead of the larger e-mail rows (postgres.js sends at once when its
   * buffer passes 1 KB).
   */
  const issue = (tx: Tx, plans: Plan[]) => {
    const statements: Promise<unknown>[] = [];
    const at = now();
    for (const { drop } of plans) {
      if (!drop) continue;
      // A reminder's text held at night ends on record as replaced, in the same statement: it will never go.
      statements.push(tx`
        with replaced as (
          delete from outbox
          where booking_id = ${drop.bookingId} and kind in ('visit-reminder', 'rebook-reminder') and status = 'pending'
            and (kind = 'visit-reminder' or ${drop.rebookToo})
          returning id, channel)
        update text_messages set status = 'failed', error_text = ${REPLACED_REMINDER}, updated_at = ${at}
        where outbox_id in (select id from replaced where channel = 'sms') and status = 'held'`);
    }
    // Traced, each row keeps the trace of the change that wrote it, for the link of its send.
    const trace = activeTraceparent();
    for (const { push = [] } of plans) for (const notice of push) statements.push(pushRows(tx, notice, at, trace));
    for (const { texts } of plans) if (texts) statements.push(...writeTexts(tx, texts, at, trace));
    const rows = plans.flatMap(({ mails, refs }) => mails.map((spec) => mailRow(tx, spec, refs, trace)));
    if (rows.length > 0) {
      statements.push(
        tx`insert into outbox ${tx(rows, "kind", "booking_id", "contact_message_id", "to_address", "subject", "message", "next_attempt_at")}`,
      );
    }
    return Promise.all(statements);
  };

  return {
    async write(tx, orders) {
      const planned = orders.map((order) => planWithTexts(tx, order));
      // Only a written booking's reminders read first; a new booking's statements are issued at once.
      const plans = planned.some((p) => p instanceof Promise) ? await Promise.all(planned) : (planned as Plan[]);
      await issue(tx, plans);
    },
    composer: mailComposer({ from: config.mail.from, profile: options.profile, now }),
    async forBooking(bookingId) {
      if (!isUuid(bookingId)) return [];
      const rows = await sql<OutboxRow[]>`
        select ${sql.unsafe(RECORD_COLUMNS)} from outbox
        where booking_id = ${bookingId} and channel = 'mail' order by seq`;
      return rows.map(toRecord);
    },
    async resend(tx, id) {
      if (!isUuid(id)) return null;
      const [row] = await tx<(OutboxRow & { has_body: boolean })[]>`
        select ${tx.unsafe(RECORD_COLUMNS)}, message <> '{}'::jsonb as has_body from outbox where id = ${id} for update`;
      if (!row) return null;
      if (row.status !== "failed") throw new Conflict(MESSAGES.mailNotFailed);
      if (!row.has_body) throw new Conflict(MESSAGES.mailBodyGone);
      const [updated] = await tx<OutboxRow[]>`
        update outbox set status = 'pending', attempts = 0, last_error = null, next_attempt_at = now()
        where id = ${id}
        returning ${tx.unsafe(RECORD_COLUMNS)}`;
      return toRecord(updated!);
    },
    wake() {
      try {
        wake();
      } catch (error) {
        // Waking is only a shortcut: the next poll sends the message anyway.
        options.log.error({ msg: "outbox worker wake failed", error: String(error) });
      }
    },
    onWake(next) {
      wake = next;
    },
  };
}
