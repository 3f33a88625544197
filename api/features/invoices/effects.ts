import type { Actor } from "../../contracts/common/actor.ts";
import type { Invoice, Payment } from "../../contracts/invoices/invoice.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import type { AuditRecord } from "../../db/audit.ts";
import type { InvoiceMail, OutboxOrder, RefundMade } from "../../outbox/orders.ts";
import type { Effects } from "../../platform/effects.ts";
import type { LiveEvent } from "../../realtime/live-events.ts";
import type { InvoiceBooking } from "./repo.ts";

/** What an invoice's e-mails say besides the invoice. */
export interface InvoiceEffectsContext {
  profile: BusinessProfile;
  url: string;
  /** The invoice's PDF as it now stands, base64. */
  pdf: string;
}

/** What the audit trail keeps of an invoice: its figures and status, never its token. */
export function auditView(i: Invoice) {
  const { token: _token, lines: _lines, payments, ...rest } = i;
  return { ...rest, lines: i.lines.length, payments: payments.length };
}

const audit = (actor: Actor, action: AuditRecord["action"], before: Invoice | null, after: Invoice): AuditRecord => ({
  actor,
  entityType: "invoice",
  entityId: after._id,
  action,
  before: before && auditView(before),
  after: auditView(after),
});

const customerName = (b: InvoiceBooking) => `${b.firstName} ${b.lastName}`;
const mailOf = (invoice: Invoice, booking: InvoiceBooking, ctx: InvoiceEffectsContext): InvoiceMail => ({
  invoice,
  customer: { firstName: booking.firstName, name: customerName(booking), email: booking.email },
  url: ctx.url,
  pdf: ctx.pdf,
  locale: booking.locale,
});
const updated = (invoice: Invoice, booking: InvoiceBooking): LiveEvent => ({
  event: "invoiceUpdated",
  invoice,
  technicianId: booking.technicianId,
});

/** A refund: audited, its receipt with the invoice as it now stands to the customer, the screens told. */
export function effectsOfRefund(
  before: Invoice,
  after: Invoice,
  refund: RefundMade,
  booking: InvoiceBooking,
  actor: Actor,
  ctx: InvoiceEffectsContext,
): Effects {
  return {
    audit: [audit(actor, "refund", before, after)],
    outbox: [{ kind: "refund-made", mail: mailOf(after, booking, ctx), refund, profile: ctx.profile }],
    live: [updated(after, booking)],
  };
}

/** A new invoice, an edit or a void: audited, and told to the office and the job's technician. */
export function effectsOfChange(
  action: "create" | "update" | "void",
  before: Invoice | null,
  after: Invoice,
  booking: InvoiceBooking,
  actor: Actor,
): Effects {
  return { audit: [audit(actor, action, before, after)], outbox: [], live: [updated(after, booking)] };
}

/** Sent: the customer's e-mail with the PDF and the link. */
export function effectsOfSending(
  invoice: Invoice,
  booking: InvoiceBooking,
  actor: Actor,
  ctx: InvoiceEffectsContext,
): Effects {
  return {
    audit: [audit(actor, "send", invoice, { ...invoice })],
    outbox: [{ kind: "invoice-sent", mail: mailOf(invoice, booking, ctx), profile: ctx.profile }],
    live: [],
  };
}

/** True when this change took the balance to zero: the invoice is paid in full now and was not before. */
export const paidInFull = (before: Invoice, after: Invoice) => after.balanceCents <= 0 && before.balanceCents > 0;

/**
 * A payment: audited, a receipt with the PDF to the customer (and a push to the office when it pays the invoice in
 * full), the screens told; `invoicePaid` when the balance reached zero, and then `rating`, the "How did we do?" of a
 * completed visit that waited for the payment (decision 0056).
 */
export function effectsOfPayment(
  before: Invoice,
  after: Invoice,
  payment: Payment,
  booking: InvoiceBooking,
  actor: Actor,
  ctx: InvoiceEffectsContext & { rating?: OutboxOrder | null },
): Effects {
  const live: LiveEvent[] = [updated(after, booking)];
  const outbox: OutboxOrder[] = [
    { kind: "payment-received", mail: mailOf(after, booking, ctx), payment, profile: ctx.profile },
  ];
  if (paidInFull(before, after)) {
    live.push({ event: "invoicePaid", payload: { invoice: after, customerName: customerName(booking) } });
    if (ctx.rating) outbox.push(ctx.rating);
  }
  return { audit: [audit(actor, "payment", before, after)], outbox, live };
}
