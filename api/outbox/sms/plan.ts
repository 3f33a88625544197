import type { Booking } from "../../contracts/bookings/booking.ts";
import type { TextKind } from "../../contracts/texts/texts.ts";
import { countSegments } from "../../contracts/texts/segments.ts";
import { jsonb, type Tx } from "../../db/client.ts";
import { toE164 } from "../../platform/phones.ts";
import { type BookingContext, customerServiceTitle, type OutboxOrder } from "../orders.ts";
import { withTrace } from "../channel.ts";
import type { Locale } from "../../contracts/i18n/locales.ts";
import {
  arrivalTimes,
  bookingConfirmationText,
  estimateSentText,
  invoiceSentText,
  membershipJoinText,
  onMyWayText,
  paymentReceiptText,
  visitReminderText,
  visitReportText,
} from "./bodies.ts";

/** An SMS row's message: what the channel sends, and whose consent it checks when it falls due. */
export interface SmsMessage {
  kind: TextKind;
  body: string;
  /** E.164. */
  phone: string;
  /** The customer whose consent is checked; null when the booking's customer is linked after (read then). */
  customerId: string | null;
  /** An office reply's author. */
  staffName?: string | null;
}

/** One text to write: its row's kind (a visit reminder shares the e-mail's, so a change replaces both), when due. */
export interface TextSpec {
  /** The outbox row's id, when the caller records the text itself at once (an office reply). */
  id?: string;
  message: SmsMessage;
  bookingId: string | null;
  at?: Date;
}

/** A link of a text, on our own domain. */
export interface ShortLink {
  code: string;
  url: string;
}

export interface TextPlan {
  texts: TextSpec[];
  links: ShortLink[];
}

export interface TextPlanOptions {
  publicUrl: string;
  timeZone: string;
  now: Date;
  manageUrl: (token: string) => string;
}

const CODE_ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** 8 characters of 56: not guessable in practice, short in a text. */
export function shortCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

/**
 * The texts an order calls for, beside its e-mails (texts come in addition). Nothing here checks consent: the
 * channel does when each text falls due, so a STOP between ordering and sending is kept.
 */
export function planTexts(tx: Tx, order: OutboxOrder, options: TextPlanOptions): TextPlan | Promise<TextPlan> {
  const links: ShortLink[] = [];
  const shorten = (url: string) => {
    const code = shortCode();
    links.push({ code, url });
    return `${options.publicUrl}/t/${code}`;
  };
  const forBooking = (booking: Booking, kind: TextKind, body: string, at?: Date): TextSpec | null => {
    const phone = toE164(booking.contactNumber);
    if (!phone) return null;
    return { message: { kind, body, phone, customerId: booking.customerId }, bookingId: booking._id, at };
  };
  const plan = (...texts: (TextSpec | null)[]): TextPlan => ({
    texts: texts.filter((t): t is TextSpec => t !== null),
    links,
  });
  switch (order.kind) {
    case "booking-created": {
      const { booking, context } = order;
      const business = context.profile.name;
      const link = shorten(options.manageUrl(order.manageToken));
      return plan(
        forBooking(
          booking,
          "booking-confirmation",
          bookingConfirmationText(business, booking, customerServiceTitle(context), link, context.locale),
        ),
      );
    }
    case "visit": {
      const { mail, context } = order;
      const business = context.profile.name;
      if (mail.kind === "report") {
        const link = shorten(`${options.publicUrl}/portal`);
        return plan(forBooking(mail.booking, "visit-report", visitReportText(business, link, context.locale)));
      }
      return onMyWay(tx, mail.booking, mail.technicianName, business, options, context.locale).then((spec) =>
        plan(spec),
      );
    }
    case "estimate-sent": {
      const { mail, profile } = order;
      const link = shorten(mail.url);
      return byBookingId(
        tx,
        mail.bookingId,
        "estimate-sent",
        estimateSentText(profile.name, mail.estimate.number, link, mail.locale),
      ).then((spec) => plan(spec));
    }
    case "invoice-sent": {
      const { mail, profile } = order;
      const { invoice } = mail;
      const link = shorten(mail.url);
      const body = invoiceSentText(profile.name, invoice.number, invoice.totalCents, link, mail.locale);
      return byBookingId(tx, invoice.bookingId, "invoice-sent", body).then((spec) => plan(spec));
    }
    case "payment-received": {
      const { mail, profile, payment } = order;
      const link = shorten(mail.url);
      const body = paymentReceiptText(profile.name, payment.amountCents, mail.invoice.number, link, mail.locale);
      return byBookingId(tx, mail.invoice.bookingId, "payment-receipt", body).then((spec) => plan(spec));
    }
    case "membership": {
      const { mail, profile } = order;
      if (mail.template !== "join" || !mail.text) return plan();
      const body = membershipJoinText(profile.name, mail.planName, shorten(mail.url), mail.locale);
      const message: SmsMessage = { kind: "membership-join", body, ...mail.text };
      return plan({ message, bookingId: null });
    }
    case "text":
      links.push(...(order.links ?? []));
      return plan({ id: order.id, message: order.text, bookingId: order.bookingId });
    default:
      return plan();
  }
}

/** The reminder text of a visit, due when its e-mail is. */
export function reminderText(
  booking: Booking,
  manageToken: string,
  context: Pick<BookingContext, "serviceTitle" | "serviceTitleEs" | "locale"> & { profile: { name: string } },
  at: Date,
  options: Pick<TextPlanOptions, "publicUrl" | "manageUrl">,
): TextPlan {
  const code = shortCode();
  const link = `${options.publicUrl}/t/${code}`;
  const phone = toE164(booking.contactNumber);
  if (!phone) return { texts: [], links: [] };
  const body = visitReminderText(context.profile.name, booking, customerServiceTitle(context), link, context.locale);
  return {
    texts: [
      { message: { kind: "visit-reminder", body, phone, customerId: booking.customerId }, bookingId: booking._id, at },
    ],
    links: [{ code, url: options.manageUrl(manageToken) }],
  };
}

/**
 * "On my way", once per booking ever: the stage sent twice (a device's replay, the office moving it back and forth)
 * texts the customer once. A text skipped (no consent then) does not count.
 */
async function onMyWay(
  tx: Tx,
  booking: Booking,
  technicianName: string,
  business: string,
  options: TextPlanOptions,
  locale: Locale = "en",
): Promise<TextSpec | null> {
  const [sent] = await tx`
    select 1 from outbox
    where booking_id = ${booking._id} and channel = 'sms' and kind = 'on-my-way' and status <> 'skipped' limit 1`;
  if (sent) return null;
  const firstName = technicianName.trim().split(/\s+/)[0] || technicianName;
  const setOut = booking.visitStageAt ? new Date(booking.visitStageAt) : options.now;
  const body = onMyWayText(business, firstName, arrivalTimes(setOut, options.timeZone, locale), locale);
  const phone = toE164(booking.contactNumber);
  if (!phone) return null;
  return { message: { kind: "on-my-way", body, phone, customerId: booking.customerId }, bookingId: booking._id };
}

/** A text about a booking's estimate or invoice: to the phone the booking was made with. */
async function byBookingId(tx: Tx, bookingId: string, kind: TextKind, body: string): Promise<TextSpec | null> {
  const [row] = await tx<{ contact_number: string; customer_id: string | null }[]>`
    select contact_number, customer_id from bookings where id = ${bookingId}`;
  const phone = row ? toE164(row.contact_number) : null;
  if (!row || !phone) return null;
  return { message: { kind, body, phone, customerId: row.customer_id }, bookingId };
}

const segmentsLabel = (segments: number) => `Text (${segments} segment${segments > 1 ? "s" : ""})`;

/** The statements writing a plan's links and rows, in the caller's transaction. */
export function writeTexts(tx: Tx, plan: TextPlan, now: Date, trace?: string): Promise<unknown>[] {
  const statements: Promise<unknown>[] = [];
  if (plan.links.length > 0) statements.push(tx`insert into short_links ${tx(plan.links, "code", "url")}`);
  if (plan.texts.length > 0) {
    const rows = plan.texts.map((t) => ({
      id: t.id ?? crypto.randomUUID(),
      kind: t.message.kind,
      channel: "sms",
      booking_id: t.bookingId,
      to_address: t.message.phone,
      // The subject column of an e-mail: for a text, its size, as the office's records show it.
      subject: segmentsLabel(countSegments(t.message.body).segments),
      message: jsonb(tx, withTrace(t.message, trace)),
      next_attempt_at: t.at ?? now,
    }));
    statements.push(
      tx`insert into outbox ${tx(rows, "id", "kind", "channel", "booking_id", "to_address", "subject", "message", "next_attempt_at")}`,
    );
  }
  return statements;
}
