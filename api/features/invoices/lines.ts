import type { ApprovedWorkItem } from "../../contracts/estimates/estimate.ts";
import type { InvoiceLine } from "../../contracts/invoices/invoice.ts";
import { documentTotals, lineAmountCents } from "../../contracts/money/amounts.ts";
import { memberDiscountLine } from "../../contracts/plans/plan.ts";
import type { InvoiceBooking } from "./repo.ts";

const line = (description: string, quantity: number, unitPriceCents: number, taxable: boolean): InvoiceLine => ({
  description,
  quantity,
  unitPriceCents,
  amountCents: lineAmountCents(quantity, unitPriceCents),
  taxable,
});

/**
 * What a booking is billed: the booked service (its units at the unit price it was booked at), the quantity discount
 * as its own line, and every approved estimate option's lines (as priced on the estimate).
 */
export function invoiceLinesOf(
  booking: InvoiceBooking,
  serviceTitle: string,
  approved: readonly ApprovedWorkItem[],
): InvoiceLine[] {
  const units = Math.max(1, booking.unitCount);
  const originalCents = Math.round(booking.originalPrice * 100);
  const lines = [line(serviceTitle, units, Math.round(originalCents / units), true)];
  const discountCents = Math.round(booking.discountAmount * 100);
  if (discountCents > 0) lines.push(line("Quantity discount", 1, -discountCents, true));
  for (const item of approved) {
    for (const { memberDiscount, ...l } of item.lines) {
      // The invoice's own member line counts this work again, as the membership stands when it is issued.
      if (memberDiscount) continue;
      lines.push({ ...l, description: `${l.description} (${item.number}: ${item.title})` });
    }
  }
  return lines;
}

/** The invoice's totals over its lines and adjustments at the rate it was issued with. */
export const invoiceTotals = (lines: readonly InvoiceLine[], taxRatePercent: number) =>
  documentTotals(lines, taxRatePercent);

/** The adjustments as the office typed them, priced. */
export const pricedAdjustments = (
  adjustments: readonly { description: string; quantity: number; unitPriceCents: number; taxable: boolean }[],
): InvoiceLine[] => adjustments.map((a) => line(a.description, a.quantity, a.unitPriceCents, a.taxable));

/**
 * The member discount of a member's property as its own line ("Clean Air Club member −15 %"), on the service and
 * price-book work of `lines`; none when it comes to nothing.
 */
export function withMemberDiscount(
  lines: InvoiceLine[],
  member: { planName: string; percent: number } | null,
): InvoiceLine[] {
  const discount = memberDiscountLine(lines, member);
  return discount ? [...lines, discount] : lines;
}
