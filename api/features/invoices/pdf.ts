import { type Invoice, PAYMENT_METHOD_LABELS } from "../../contracts/invoices/invoice.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import { businessDocument, PDF_MARGIN, pdfDay, pdfMoney } from "../../platform/pdf.ts";

/** The invoice as a PDF: the business, the customer, its lines and totals, the payments, the balance and the terms. */
export async function invoicePdf(
  invoice: Invoice,
  customer: { name: string; email: string; address: string },
  profile: BusinessProfile,
): Promise<Uint8Array> {
  const w = await businessDocument(`Invoice ${invoice.number}`, profile.name);
  w.doc.setCreationDate(new Date(invoice.issuedAt));
  const tz = profile.timeZone;
  const state =
    invoice.status === "void" ? "VOID" : invoice.status === "paid" ? "Paid" : `Due: ${pdfDay(invoice.dueAt, tz)}`;
  w.heading(
    profile,
    "INVOICE",
    [invoice.number, `Issued: ${pdfDay(invoice.issuedAt, tz)}`, state],
    [customer.name, customer.address, customer.email],
  );
  w.lines("Work", invoice.lines);
  w.totals([
    ["Subtotal", invoice.subtotalCents],
    [`${invoice.taxLabel} (${invoice.taxRatePercent}%)`, invoice.taxCents],
    ["Total", invoice.totalCents],
  ]);
  if (invoice.payments.length > 0) {
    w.room(20 + 14 * invoice.payments.length);
    w.text("Payments", PDF_MARGIN, { bold: true });
    w.down(14);
    for (const p of invoice.payments) {
      const refunded = p.refundedCents > 0 ? `, ${pdfMoney(p.refundedCents)} refunded` : "";
      const ref = p.reference ? ` ${p.reference}` : "";
      w.text(
        `${pdfDay(p.at, tz)} · ${PAYMENT_METHOD_LABELS[p.method]}${ref}: ${pdfMoney(p.amountCents)}${refunded}`,
        PDF_MARGIN,
      );
      w.down(14);
    }
    w.down(6);
  }
  w.totals([
    ["Paid", invoice.paidCents],
    ["Balance due", invoice.balanceCents],
  ]);
  if (invoice.status === "void")
    w.paragraph(`This invoice was voided${invoice.voidReason ? `: ${invoice.voidReason}` : "."}`);
  w.terms("Terms", [
    `Payment is due by ${pdfDay(invoice.dueAt, tz)}. We accept cash, checks payable to ${profile.name}, and cards.`,
    `Questions about this invoice? Call ${profile.phone} or write to ${profile.email}.`,
  ]);
  return await w.save();
}
