import type { Locale } from "../i18n/locales.ts";
import type { BusinessCard } from "../settings/profile.ts";
import type { DocumentTotals } from "../money/amounts.ts";

/**
 * An invoice: what a booking is billed (the booked service, its quantity discount, the approved estimate options, the
 * office's adjustments), what was paid against it and what is owed. Integer cents, computed by the server; numbers
 * INV-000001 without gaps; nothing is ever deleted (a void invoice keeps its number).
 */
export const INVOICE_STATUSES = ["open", "partially_paid", "paid", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const PAYMENT_METHODS = ["cash", "check", "card", "online"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** What a technician or the office records by hand; `online` comes only from the payment provider. */
export const RECORDED_METHODS = ["cash", "check", "card"] as const;
export type RecordedMethod = (typeof RECORDED_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: "Cash",
  check: "Check",
  card: "Card",
  online: "Online",
};

/** Days from issue to due: two weeks, the usual terms for homeowners. */
export const INVOICE_DUE_DAYS = 14;
export const MAX_ADJUSTMENTS = 20;

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
  taxable: boolean;
}

export interface Payment {
  _id: string;
  method: PaymentMethod;
  amountCents: number;
  /** A check's number, a card's last four or terminal reference, an online payment's intent. */
  reference: string;
  /** When it was taken (the device's time on site, bounded), and when it reached the server. */
  at: string;
  receivedAt: string;
  /** Who recorded it: a staff member's name, or "Online". */
  by: string;
  refundedCents: number;
  /** The customer's tip on a card or online payment: kept apart, never part of `amountCents` or the balance. */
  tipCents: number;
  /** Taken when an estimate option was approved (online or on site): shown as a deposit, whatever its method. */
  deposit: boolean;
}

/** How a payment is named on an invoice: a deposit as "Deposit", any other by its method. */
export const paymentLabel = (p: { method: PaymentMethod; deposit?: boolean }): string =>
  p.deposit ? "Deposit" : PAYMENT_METHOD_LABELS[p.method];

export interface Invoice extends DocumentTotals {
  _id: string;
  number: string;
  bookingId: string;
  status: InvoiceStatus;
  issuedAt: string;
  dueAt: string;
  lines: InvoiceLine[];
  /** The lines the office added (part of `lines`, last); editable while nothing is paid. */
  adjustments: InvoiceLine[];
  taxRatePercent: number;
  taxLabel: string;
  /** Payments less their refunds. */
  paidCents: number;
  balanceCents: number;
  payments: Payment[];
  token: string;
  voidReason: string | null;
}

/** GET /api/invoices/by-token/{token}: the customer's page, without staff-side fields. */
export interface InvoicePublicView extends Pick<
  Invoice,
  | "number"
  | "status"
  | "issuedAt"
  | "dueAt"
  | "lines"
  | "subtotalCents"
  | "taxCents"
  | "totalCents"
  | "taxRatePercent"
  | "taxLabel"
  | "paidCents"
  | "balanceCents"
> {
  payments: Pick<Payment, "method" | "amountCents" | "at" | "refundedCents" | "deposit">[];
  business: BusinessCard;
  customer: { name: string; address: string };
  /** The customer's language (their record's): the page is written in it. */
  locale: Locale;
  /** True when the business takes card payments online: the page shows Pay now. */
  payOnline: boolean;
  /** Its days in the business's time zone ("2026-11-20"), as the page says them; `paid`: each payment's, in order. */
  days: { issued: string; due: string; paid: string[] };
}

/** The `invoicePaid` socket event: an invoice whose balance reached zero. */
export interface InvoicePaid {
  invoice: Invoice;
  customerName: string;
}

/** Paid is what was received less what was refunded. */
export function paidOf(payments: readonly Pick<Payment, "amountCents" | "refundedCents">[]): number {
  return payments.reduce((sum, p) => sum + p.amountCents - p.refundedCents, 0);
}

/** The status that follows from the figures: void stays void; nothing paid is open; all of it is paid. */
export function invoiceStatus(totalCents: number, paidCents: number, voided: boolean): InvoiceStatus {
  if (voided) return "void";
  if (paidCents <= 0) return totalCents <= 0 ? "paid" : "open";
  return paidCents >= totalCents ? "paid" : "partially_paid";
}

/** The aging buckets of what is owed, by days past the due date. */
export interface Receivables {
  current: number;
  days31to60: number;
  days61to90: number;
  over90: number;
}

/** Which aging bucket a balance falls in, `daysLate` days past its due date (negative: not yet due). */
export function agingBucket(daysLate: number): keyof Receivables {
  if (daysLate <= 30) return "current";
  if (daysLate <= 60) return "days31to60";
  return daysLate <= 90 ? "days61to90" : "over90";
}
