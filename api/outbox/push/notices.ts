import type { Booking } from "../../contracts/bookings/booking.ts";
import { formatMoney } from "../../contracts/common/money.ts";
import { approvedOption } from "../../contracts/estimates/rules.ts";
import { centsToDollars } from "../../contracts/money/amounts.ts";
import type { EstimateMail, InvoiceMail } from "../orders.ts";
import type { RatingReceived } from "../../contracts/portal/portal.ts";
import type { TextMessage } from "../../contracts/texts/texts.ts";
import { noticeLine, type PushAudience, type PushPayload, staffNotices } from "../../contracts/outbox/push.ts";

/** What a push row of the outbox holds: the subscription to send to, and what the notification shows. */
export interface PushMessage {
  subscriptionId: string;
  payload: PushPayload;
}

/** One notification to every device of an audience (the office, or one technician). */
export interface PushNotice {
  kind: string;
  /** The booking it is about; null for a notice about a customer (a text from them). */
  bookingId: string | null;
  audience: PushAudience;
  payload: PushPayload;
}

/**
 * The staff notifications a change of a booking calls for: a new booking to the office, a technician's own job to
 * them. The outbox writes one row per device of the audience.
 */
export function pushNotices(before: Booking | null, after: Booking | null, serviceTitle: string): PushNotice[] {
  const bookingId = (after ?? before)!._id;
  return staffNotices(before, after).map((notice) => {
    const { title, url, tag } = notice;
    return {
      kind: notice.kind,
      bookingId,
      audience: notice.audience,
      payload: { title, body: noticeLine(notice.booking, serviceTitle), url, tag },
    };
  });
}

/** The office hears at once that a customer approved an estimate: which one, the option and its total. */
export function estimateApprovedNotice({ estimate, bookingId, customer }: EstimateMail): PushNotice {
  const option = approvedOption(estimate);
  const total = option ? ` · ${formatMoney(centsToDollars(option.totalCents))}` : "";
  return {
    kind: "push-estimate-approved",
    bookingId,
    audience: { office: true },
    payload: {
      title: "Estimate approved",
      body: `${estimate.number} · ${option?.title ?? ""}${total} — ${customer.name}`,
      url: `/dashboard?booking=${bookingId}`,
      tag: `estimate-${estimate._id}`,
    },
  };
}

/** The office hears when an invoice is paid in full. */
export function invoicePaidNotice({ invoice, customer }: InvoiceMail): PushNotice {
  return {
    kind: "push-invoice-paid",
    bookingId: invoice.bookingId,
    audience: { office: true },
    payload: {
      title: "Invoice paid",
      body: `${invoice.number} · ${formatMoney(centsToDollars(invoice.totalCents))} — ${customer.name}`,
      url: `/dashboard?booking=${invoice.bookingId}`,
      tag: `invoice-${invoice._id}`,
    },
  };
}

/** A customer's text to the office: who, and what they wrote, opening their conversation. */
export function textReceivedNotice(message: TextMessage, customerName: string): PushNotice {
  return {
    kind: "push-text-received",
    bookingId: null,
    audience: { office: true },
    payload: {
      title: `Text from ${customerName}`,
      body: message.body.slice(0, 200),
      url: `/dashboard/messages?customer=${message.customerId}`,
      tag: `text-${message.customerId}`,
    },
  };
}

/** A rating of 1 or 2 stars: the office hears of it at once, to call the customer back. */
export function lowRatingNotice(rating: RatingReceived, serviceTitle: string): PushNotice {
  const by = rating.technicianName ? ` (${rating.technicianName})` : "";
  return {
    kind: "push-low-rating",
    bookingId: rating.bookingId,
    audience: { office: true },
    payload: {
      title: `Low rating: ${rating.stars} star${rating.stars === 1 ? "" : "s"}`,
      body: `${serviceTitle}${by} — ${rating.customerName}${rating.comment ? `: ${rating.comment.slice(0, 120)}` : ""}`,
      url: `/dashboard?booking=${rating.bookingId}`,
      tag: `rating-${rating.bookingId}`,
    },
  };
}
