/** E-mails the site sends, as admins see them on a booking. */
export const MAIL_KINDS = [
  // To the customer.
  "booking-received",
  "booking-confirmed",
  "booking-rescheduled",
  "booking-cancelled",
  "booking-restored",
  // To the business inbox (the profile e-mail).
  "business-new-booking",
  "business-booking-changed",
  "business-contact-message",
  // To a staff member.
  "staff-invitation",
  "job-assigned",
  // To a staff member: a sign-in from a device not seen before.
  "staff-new-sign-in",
  // To the customer, from the technician's visit.
  "technician-on-the-way",
  "service-report",
  // To the customer, ahead of the visit.
  "visit-reminder",
  // To the customer, a year after a completed visit; marketing: it carries a one-click unsubscribe.
  "rebook-reminder",
  // To the customer: an estimate's link, and a copy of what they approved with its PDF.
  "estimate-sent",
  "estimate-approved",
  // To the customer: an invoice with its PDF and link, and a receipt with its PDF on every payment and refund.
  "invoice-sent",
  "payment-receipt",
  "refund-receipt",
  // To the customer: their cancelled job's deposit given back.
  "deposit-refund-receipt",
  // To the customer: the portal's sign-in link, and "How did we do?" after a completed visit.
  "portal-sign-in",
  "rating-request",
  // To the customer: a plan's card link, a period's receipt, the next period's invoice (billed by invoice), a failed
  // renewal, and a plan's visit to book.
  "membership-join",
  "membership-receipt",
  "membership-invoice",
  "membership-past-due",
  "plan-visit-due",
] as const;

export type MailKind = (typeof MAIL_KINDS)[number];

/** `skipped`: not sent when it fell due, and never will be (lastError says why: turned off, unsubscribed, ...). */
export const MAIL_STATUSES = ["pending", "sent", "failed", "skipped"] as const;

export type MailStatus = (typeof MAIL_STATUSES)[number];

/** One outbox row: GET /api/bookings/{id}/mail answers these, oldest first. */
export interface MailRecord {
  _id: string;
  kind: MailKind;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  /** Why the last attempt failed (kept after a later success is not needed: null once sent). */
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  /** When the next try is due while pending. */
  nextAttemptAt: string | null;
}
