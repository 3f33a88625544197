import type { StaffLocale } from "../contracts/staff/language.ts";
import type { Booking } from "../contracts/bookings/booking.ts";
import type { Locale } from "../contracts/i18n/locales.ts";
import type { ActorKind } from "../contracts/common/actor.ts";
import type { ContactMessage } from "../contracts/contact/contact.ts";
import type { Estimate } from "../contracts/estimates/estimate.ts";
import type { Invoice, Payment } from "../contracts/invoices/invoice.ts";
import type { RatingReceived } from "../contracts/portal/portal.ts";
import type { BusinessProfile } from "../contracts/settings/profile.ts";
import type { TextMessage } from "../contracts/texts/texts.ts";
import type { ServiceReport } from "./mail/templates.ts";
import type { ShortLink, SmsMessage } from "./sms/plan.ts";

/**
 * What a booking's messages say besides the booking: the business as the settings hold it now, and the service's
 * title as listed now. The caller has both in memory (the settings and services caches): the outbox reads neither.
 */
export interface BookingContext {
  profile: BusinessProfile;
  serviceTitle?: string;
  /** The service's Spanish title, when the office wrote one. */
  serviceTitleEs?: string;
  /** The customer's language for their e-mails, calendar files and texts; English when left out. */
  locale?: Locale;
}

/** The service's title as the customer reads it: the Spanish one for a Spanish customer, else (or without one) English. */
export const customerServiceTitle = (c: Pick<BookingContext, "serviceTitle" | "serviceTitleEs" | "locale">) =>
  (c.locale === "es" ? c.serviceTitleEs : undefined) ?? c.serviceTitle;

/** A change of a booking the customer (and maybe the business) is told of by e-mail. */
export type BookingChange = (
  | { kind: "confirmed"; manageToken: string }
  | { kind: "rescheduled"; previous: Booking; manageToken: string }
  | { kind: "restored"; manageToken: string }
  /** `deleted`: an admin removed the booking; the customer hears it as a cancellation, the business inbox too. */
  | { kind: "cancelled"; deleted?: boolean }
) & {
  booking: Booking;
  /** Who made it: a customer's change is copied to the business inbox, the office's is not. */
  by: ActorKind;
};

/** What the technician's visit tells the customer: who is on the way, and the report when the job is done. */
export type VisitMail =
  | { kind: "on-the-way"; booking: Booking; technicianName: string }
  | { kind: "report"; booking: Booking; report: Omit<ServiceReport, "bookAgainUrl"> };

/** An estimate's e-mail to its customer: what it says, to whom, and the page of its link. */
export interface EstimateMail {
  estimate: Estimate;
  bookingId: string;
  customer: { firstName: string; name: string; email: string };
  /** The customer's page, `{PUBLIC_URL}/estimates/{token}`. */
  url: string;
  /** The customer's language, from their record; English when left out. */
  locale?: Locale;
}

/** An invoice's e-mail to its customer: the invoice, to whom, its page, and its PDF (base64). */
export interface InvoiceMail {
  invoice: Invoice;
  customer: { firstName: string; name: string; email: string };
  /** `{PUBLIC_URL}/invoices/{token}`. */
  url: string;
  pdf: string;
  /** The customer's language, from their record; English when left out. */
  locale?: Locale;
}

/** A refund of part or all of `payment` (as it now stands), and why. */
export interface RefundMade {
  payment: Payment;
  amountCents: number;
  reason: string;
}

/** A deposit of a cancelled job given back in full (decision 0090): how much, and how it was paid. */
export interface DepositRefund {
  amountCents: number;
  method: "cash" | "check" | "card" | "online";
}

/**
 * A membership's e-mail to its customer: the card link to join, a period's receipt, a failed renewal with the link to
 * update the card, a plan's visit to book. `url` is the link the e-mail leads to.
 */
export interface MembershipMail {
  template: "join" | "receipt" | "invoice" | "past-due" | "visit-due";
  customer: { name: string; email: string };
  planName: string;
  url: string;
  /** A receipt's and a new period's invoice: the plan invoice's number, amount and period. */
  invoice?: { number: string; amountCents: number; periodStart: string; periodEnd: string };
  /** A new period's invoice: it can be paid by card on the customer's page (Stripe is set up). */
  payOnline?: boolean;
  /** A visit's: the service's title and the day it is due. */
  visit?: { serviceTitle: string; dueDate: string; bookingId: string };
  /** The customer's language, from their record; English when left out. */
  locale?: Locale;
  /** The card link's: texted too, to this number, when the customer's consent is on record when it is sent. */
  text?: { phone: string; customerId: string };
}

/** Who is invited, and the path (`/invite/{token}`) the link opens on the site. */
export interface StaffInvite {
  name: string;
  email: string;
  path: string;
  expiresAt: Date;
  /** The language the office chose for them (English for orders written before it was asked). */
  locale?: StaffLocale;
}

/** A sign-in from a new device: whose, which device, from where, when. */
export interface StaffNewSignIn {
  name: string;
  email: string;
  device: string;
  address: string;
  at: Date;
  /** The language of their account (English for orders written before it was read). */
  locale?: StaffLocale;
}

/**
 * Everything that is sent later, as the rest of the app orders it: written by the outbox in the caller's transaction
 * (so a message exists exactly when its change does), then sent by the worker on its channel.
 */
export type OutboxOrder =
  /** A new booking: the customer's and the office's e-mails and its visit reminder. */
  | { kind: "booking-created"; booking: Booking; manageToken: string; context: BookingContext }
  | { kind: "booking-changed"; change: BookingChange; context: BookingContext }
  /**
   * The booking's reminders follow it as it is now: the pending visit reminder is replaced by one for the visit as
   * it is, or dropped when none is due (cancelled, completed, deleted, too late); a completed visit gets its one
   * rebook reminder, dropped while pending if the visit is taken back or deleted.
   */
  | { kind: "reminders"; booking: Booking; manageToken: string | null; deleted?: boolean; context: BookingContext }
  /** A job given to a technician shortly before the visit: they may not look at their screen in time. */
  | { kind: "job-assigned"; booking: Booking; technician: { name: string; email: string }; context: BookingContext }
  /** The customer's e-mail from the technician's visit; due at `dueAt` when given, else now. */
  | { kind: "visit"; mail: VisitMail; dueAt?: Date; context: BookingContext }
  /**
   * Web push to staff devices about a change of a booking: a new booking (`before` null) to the office, a
   * technician's own job to them.
   */
  | { kind: "staff-push"; before: Booking | null; after: Booking | null; serviceTitle: string }
  | { kind: "contact-received"; message: ContactMessage; profile: BusinessProfile }
  /** A staff member's invitation, with the link to choose a password (the token in clear only here). */
  | { kind: "staff-invited"; invite: StaffInvite; profile: BusinessProfile }
  /** A staff member signed in from a device not seen before: they are told, in case it was not them. */
  | { kind: "staff-new-sign-in"; sign: StaffNewSignIn; profile: BusinessProfile }
  /** The customer's link to an estimate. */
  | { kind: "estimate-sent"; mail: EstimateMail; profile: BusinessProfile }
  /**
   * An approval: the customer's copy of what they approved with its PDF (base64), and a push to the office's devices.
   */
  | { kind: "estimate-approved"; mail: EstimateMail; pdf: string; profile: BusinessProfile }
  /** The customer's invoice, with its PDF and link. */
  | { kind: "invoice-sent"; mail: InvoiceMail; profile: BusinessProfile }
  /** A receipt for `payment` (the PDF is the invoice as it now stands); a push to the office when it is paid in full. */
  | { kind: "payment-received"; mail: InvoiceMail; payment: Payment; profile: BusinessProfile }
  /** The customer's receipt of a refund, with the invoice as it now stands. */
  | { kind: "refund-made"; mail: InvoiceMail; refund: RefundMade; profile: BusinessProfile }
  /** The customer's receipt of the deposits given back when their job was cancelled. */
  | { kind: "deposit-refunded"; booking: Booking; refunds: DepositRefund[]; context: BookingContext }
  /** A membership's e-mail to its customer. */
  | { kind: "membership"; mail: MembershipMail; profile: BusinessProfile }
  /** A customer's sign-in link to their page (`/portal/sign-in/{token}`, the token in clear only here). */
  | {
      kind: "portal-sign-in";
      email: string;
      path: string;
      expiresAt: Date;
      profile: BusinessProfile;
      /** The language of the customer the address is on. */
      locale?: Locale;
    }
  /**
   * "How did we do?" after a completed visit, due at `dueAt`: one per booking ever, whoever orders it again (its
   * completion, or later its payment); `ratingToken` signs its one-time links.
   */
  | { kind: "rating-request"; booking: Booking; ratingToken: string; dueAt: Date; context: BookingContext }
  /** A low rating (1 or 2 stars): a push to the office's devices at once. */
  | { kind: "low-rating"; rating: RatingReceived; serviceTitle: string }
  /** One text: the office's reply, an answer to a keyword; `links` are the short links its body names. */
  | { kind: "text"; text: SmsMessage; bookingId: string | null; links?: ShortLink[]; id?: string }
  /** A customer's text came in: a push to the office's devices. */
  | { kind: "text-received"; message: TextMessage; customerName: string };
