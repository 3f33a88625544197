import * as v from "valibot";
import { isoDate, optionalText, text } from "../common/fields.ts";
import { quantity } from "../money/schemas.ts";
import { MAX_UNIT_PRICE_CENTS } from "../money/amounts.ts";
import { INVOICE_STATUSES, MAX_ADJUSTMENTS, RECORDED_METHODS } from "./invoice.ts";
import { pageQueryFields, sortField } from "../common/paging.ts";

const deviceTime = v.pipe(
  v.string("at must be a time"),
  v.isoTimestamp("at must be an ISO time, like 2026-11-26T14:42:00.000Z"),
);

/** A whole number of cents, more than zero. */
const positiveCents = (label: string) =>
  v.pipe(
    v.number(`${label} must be a number of cents`),
    v.integer(`${label} must be a whole number of cents`),
    v.minValue(1, `${label} must be more than 0`),
    v.maxValue(MAX_UNIT_PRICE_CENTS * 1000, `${label} is too large`),
  );

/** A tip in whole cents: 0 or more. */
const tipCents = v.pipe(
  v.number("Tip must be a number of cents"),
  v.integer("Tip must be a whole number of cents"),
  v.minValue(0, "Tip must not be negative"),
  v.maxValue(MAX_UNIT_PRICE_CENTS, "Tip is too large"),
);

/** POST /api/invoices/{id}/payments: cash, a check (its number) or a card on the business's own terminal. */
export const PaymentSchema = v.strictObject({
  method: v.picklist(RECORDED_METHODS, "method must be cash, check or card"),
  amountCents: positiveCents("Amount"),
  reference: optionalText(100, "Reference"),
  at: v.optional(deviceTime),
  /** On a card payment when tips are on (the server checks both); never part of the amount. */
  tipCents: v.optional(tipCents),
});
export type PaymentInput = v.InferOutput<typeof PaymentSchema>;

/** POST /api/invoices/by-token/{token}/checkout: the balance, and the customer's tip when tips are on. */
export const CheckoutSchema = v.strictObject({ tipCents: v.optional(tipCents) });

/** POST /api/payments/{id}/refunds. */
export const RefundSchema = v.strictObject({ amountCents: positiveCents("Amount"), reason: text(500, "Reason") });
export type RefundInput = v.InferOutput<typeof RefundSchema>;

/** POST /api/invoices/{id}/void. */
export const VoidSchema = v.strictObject({ reason: text(500, "Reason") });

/** An adjustment: a line the office adds (a credit is a negative unit price). */
const adjustment = v.strictObject({
  description: text(200, "Adjustment description"),
  quantity,
  unitPriceCents: v.pipe(
    v.number("Unit price must be a number of cents"),
    v.integer("Unit price must be a whole number of cents"),
    v.minValue(-MAX_UNIT_PRICE_CENTS, "Unit price must be at least -$100,000"),
    v.maxValue(MAX_UNIT_PRICE_CENTS, "Unit price must be at most $100,000"),
  ),
  taxable: v.optional(v.boolean("taxable must be true or false"), true),
});

/** PUT /api/invoices/{id}: the adjustments (all of them) and the due date, while nothing is paid. */
export const InvoiceUpdateSchema = v.strictObject({
  adjustments: v.optional(
    v.pipe(
      v.array(adjustment, "adjustments must be a list"),
      v.maxLength(MAX_ADJUSTMENTS, `At most ${MAX_ADJUSTMENTS} adjustments`),
    ),
  ),
  dueAt: v.optional(isoDate),
});
export type InvoiceUpdate = v.InferOutput<typeof InvoiceUpdateSchema>;

/** How GET /api/invoices may order them: by number (newest first by default), total or due date. */
export const INVOICE_SORTS = ["-number", "number", "-total", "total", "due", "-due"] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

/**
 * GET /api/invoices: one page; `status`, `from` and `to` (issue dates in the business's zone, both included) narrow,
 * `q` searches the number and the booking's customer.
 */
export const InvoicesQuerySchema = v.strictObject({
  ...pageQueryFields,
  sort: sortField(INVOICE_SORTS, "-number"),
  status: v.optional(v.picklist(INVOICE_STATUSES, "status must be open, partially_paid, paid or void")),
  from: v.optional(isoDate),
  to: v.optional(isoDate),
});
export type InvoicesQuery = v.InferOutput<typeof InvoicesQuerySchema>;
