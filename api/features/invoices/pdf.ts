import { defineMessages } from "../../contracts/i18n/messages.ts";
import type { Invoice, PaymentMethod } from "../../contracts/invoices/invoice.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import type { Translator } from "../../i18n/translator.ts";
import { businessDocument, PDF_MARGIN, pdfDay, pdfMessages, pdfMoney } from "../../platform/pdf.ts";

const messages = defineMessages({
  title: { id: "customer.pdf.invoice.title", defaultMessage: "Invoice {number}" },
  name: { id: "customer.pdf.invoice.name", defaultMessage: "INVOICE", description: "The document's name, in capitals" },
  void: { id: "customer.pdf.invoice.void", defaultMessage: "VOID", description: "Stamped on a voided invoice" },
  paid: { id: "customer.pdf.invoice.paid", defaultMessage: "Paid" },
  due: { id: "customer.pdf.invoice.due", defaultMessage: "Due: {day}" },
  issued: { id: "customer.pdf.invoice.issued", defaultMessage: "Issued: {day}" },
  work: { id: "customer.pdf.invoice.work", defaultMessage: "Work", description: "Title of the invoice's lines" },
  payments: { id: "customer.pdf.invoice.payments", defaultMessage: "Payments" },
  payment: {
    id: "customer.pdf.invoice.payment",
    defaultMessage:
      "{day} · {method, select, cash {Cash} check {Check} card {Card} deposit {Deposit} other {Online}}{reference}: {amount}{refunded}",
    description: "One payment: its day, how it was paid, the check's or card's reference (with a space before it)",
  },
  refunded: { id: "customer.pdf.invoice.refunded", defaultMessage: ", {amount} refunded" },
  paidTotal: { id: "customer.pdf.invoice.paidTotal", defaultMessage: "Paid" },
  balance: { id: "customer.pdf.invoice.balance", defaultMessage: "Balance due" },
  voided: { id: "customer.pdf.invoice.voided", defaultMessage: "This invoice was voided." },
  voidedWhy: { id: "customer.pdf.invoice.voidedWhy", defaultMessage: "This invoice was voided: {reason}" },
  dueTerm: {
    id: "customer.pdf.invoice.dueTerm",
    defaultMessage: "Payment is due by {day}. We accept cash, checks payable to {business}, and cards.",
  },
  questions: {
    id: "customer.pdf.invoice.questions",
    defaultMessage: "Questions about this invoice? Call {phone} or write to {email}.",
  },
});

/**
 * The invoice as a PDF: the business, the customer, its lines and totals, the payments, the balance and the terms,
 * in the reader's language (`tr`): the customer's for their copy and receipts, the staff member's for the office's.
 */
export async function invoicePdf(
  invoice: Invoice,
  customer: { name: string; email: string; address: string },
  profile: BusinessProfile,
  tr: Translator,
): Promise<Uint8Array> {
  const { t } = tr;
  const w = await businessDocument(t(messages.title, { number: invoice.number }), profile.name, tr);
  w.doc.setCreationDate(new Date(invoice.issuedAt));
  w.doc.setLanguage(tr.locale === "es" ? "es-US" : "en-US");
  const state =
    invoice.status === "void"
      ? t(messages.void)
      : invoice.status === "paid"
        ? t(messages.paid)
        : t(messages.due, { day: pdfDay(invoice.dueAt, tr) });
  w.heading(
    profile,
    t(messages.name),
    [invoice.number, t(messages.issued, { day: pdfDay(invoice.issuedAt, tr) }), state],
    [customer.name, customer.address, customer.email],
  );
  w.lines(t(messages.work), invoice.lines);
  w.totals([
    [t(pdfMessages.subtotal), invoice.subtotalCents],
    [t(pdfMessages.tax, { label: invoice.taxLabel, percent: invoice.taxRatePercent }), invoice.taxCents],
    [t(pdfMessages.total), invoice.totalCents],
  ]);
  if (invoice.payments.length > 0) {
    w.room(20 + 14 * invoice.payments.length);
    w.text(t(messages.payments), PDF_MARGIN, { bold: true });
    w.down(14);
    for (const p of invoice.payments) {
      // A deposit reads as one whatever paid it (online or on site).
      const method: PaymentMethod | "deposit" = p.deposit ? "deposit" : p.method;
      const line = t(messages.payment, {
        day: pdfDay(p.at, tr),
        method,
        reference: p.reference ? ` ${p.reference}` : "",
        amount: pdfMoney(p.amountCents),
        refunded: p.refundedCents > 0 ? t(messages.refunded, { amount: pdfMoney(p.refundedCents) }) : "",
      });
      w.text(line, PDF_MARGIN);
      w.down(14);
    }
    w.down(6);
  }
  w.totals([
    [t(messages.paidTotal), invoice.paidCents],
    [t(messages.balance), invoice.balanceCents],
  ]);
  if (invoice.status === "void") {
    w.paragraph(invoice.voidReason ? t(messages.voidedWhy, { reason: invoice.voidReason }) : t(messages.voided));
  }
  w.terms(t(pdfMessages.terms), [
    t(messages.dueTerm, { day: pdfDay(invoice.dueAt, tr), business: profile.name }),
    t(messages.questions, { phone: profile.phone, email: profile.email }),
  ]);
  return await w.save();
}
