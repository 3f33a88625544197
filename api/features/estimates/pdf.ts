import { defineMessages } from "../../contracts/i18n/messages.ts";
import type { Estimate } from "../../contracts/estimates/estimate.ts";
import { approvedOption } from "../../contracts/estimates/rules.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import type { Translator } from "../../i18n/translator.ts";
import { businessDocument, PDF_MARGIN, pdfDay, pdfMessages, pdfMoney } from "../../platform/pdf.ts";

/** Who the estimate is for, as the booking names them. */
export interface PdfCustomer {
  name: string;
  email: string;
  address: string;
}

export interface EstimatePdfInput {
  estimate: Estimate;
  customer: PdfCustomer;
  profile: BusinessProfile;
  /** The drawn signature (PNG bytes), shown under the approval. */
  signature: Uint8Array | null;
  /** The reader's language: the customer's for their copy, the staff member's for the office's. */
  tr: Translator;
}

const messages = defineMessages({
  title: { id: "customer.pdf.estimate.title", defaultMessage: "Estimate {number}" },
  name: {
    id: "customer.pdf.estimate.name",
    defaultMessage: "ESTIMATE",
    description: "The document's name, in capitals",
  },
  date: { id: "customer.pdf.estimate.date", defaultMessage: "Date: {day}" },
  approved: { id: "customer.pdf.estimate.approved", defaultMessage: "Approved" },
  validUntil: { id: "customer.pdf.estimate.validUntil", defaultMessage: "Valid until: {day}" },
  approvedOption: { id: "customer.pdf.estimate.approvedOption", defaultMessage: "Approved: {title}" },
  option: { id: "customer.pdf.estimate.option", defaultMessage: "Option {number}: {title}" },
  deposit: {
    id: "customer.pdf.estimate.deposit",
    defaultMessage: "Deposit due on approval ({percent}%): {amount}",
  },
  approvedBy: {
    id: "customer.pdf.estimate.approvedBy",
    defaultMessage: "Approved {via, select, onSite {on site} other {online}} by {name} on {day}",
  },
  declined: { id: "customer.pdf.estimate.declined", defaultMessage: "Declined" },
  validTerm: { id: "customer.pdf.estimate.validTerm", defaultMessage: "This estimate is valid until {day}." },
  // The terms the estimate page shows too (ESTIMATE_TERMS), word for word.
  pricesTerm: {
    id: "customer.pdf.estimate.pricesTerm",
    defaultMessage:
      "Prices are in US dollars and include the tax shown. Approving an option authorizes that work at the price " +
      "shown; the other options are then declined.",
  },
  hiddenTerm: {
    id: "customer.pdf.estimate.hiddenTerm",
    defaultMessage:
      "Hidden conditions found once work begins (damaged ductwork behind walls, mold beyond the areas inspected) " +
      "are quoted separately and never done without your approval.",
  },
  depositTerm: {
    id: "customer.pdf.estimate.depositTerm",
    defaultMessage: "A deposit, when one is asked, is due on approval and is deducted from the invoice.",
  },
  questions: {
    id: "customer.pdf.estimate.questions",
    defaultMessage: "Questions? Call {phone} or write to {email}.",
  },
});

/**
 * The estimate as a PDF: the business, the customer, the number and dates, each option (or the approved one alone)
 * with its lines and totals under the tax label, the deposit, the approval with the signature, and the terms.
 */
export async function estimatePdf({
  estimate,
  customer,
  profile,
  signature,
  tr,
}: EstimatePdfInput): Promise<Uint8Array> {
  const { t } = tr;
  const w = await businessDocument(t(messages.title, { number: estimate.number }), profile.name, tr);
  w.doc.setCreationDate(new Date(estimate.createdAt));
  w.doc.setModificationDate(new Date(estimate.updatedAt));
  w.doc.setLanguage(tr.locale === "es" ? "es-US" : "en-US");
  w.heading(
    profile,
    t(messages.name),
    [
      estimate.number,
      t(messages.date, { day: pdfDay(estimate.createdAt, tr) }),
      estimate.status === "approved"
        ? t(messages.approved)
        : t(messages.validUntil, { day: pdfDay(estimate.expiresAt, tr) }),
    ],
    [customer.name, customer.address, customer.email],
  );
  if (estimate.message) {
    w.paragraph(estimate.message);
    w.down(6);
  }

  const chosen = estimate.status === "approved" ? approvedOption(estimate) : null;
  const options = chosen ? [chosen] : estimate.options;
  options.forEach((o, i) => {
    const title = chosen
      ? t(messages.approvedOption, { title: o.title })
      : options.length > 1
        ? t(messages.option, { number: i + 1, title: o.title })
        : o.title;
    w.lines(title, o.lines);
    w.totals([
      [t(pdfMessages.subtotal), o.subtotalCents],
      [t(pdfMessages.tax, { label: estimate.taxLabel, percent: estimate.taxRatePercent }), o.taxCents],
      [t(pdfMessages.total), o.totalCents],
    ]);
  });

  if (estimate.depositCents > 0) {
    w.room(20);
    const deposit = t(messages.deposit, {
      percent: estimate.depositPercent,
      amount: pdfMoney(estimate.depositCents),
    });
    w.text(deposit, PDF_MARGIN, { bold: true });
    w.down(20);
  }

  const approval = estimate.approval;
  if (approval) {
    w.room(110);
    w.rule();
    w.down(18);
    const via = approval.via === "on-site" ? "onSite" : "online";
    const line = t(messages.approvedBy, { via, name: approval.signedBy, day: pdfDay(approval.at, tr) });
    w.text(line, PDF_MARGIN, { bold: true });
    w.down(12);
    if (signature) await w.image(signature, 200, 70);
    w.down(18);
  } else if (estimate.status === "declined") {
    w.room(30);
    w.text(t(messages.declined), PDF_MARGIN, { bold: true });
    w.down(20);
  }

  w.terms(t(pdfMessages.terms), [
    t(messages.validTerm, { day: pdfDay(estimate.expiresAt, tr) }),
    t(messages.pricesTerm),
    t(messages.hiddenTerm),
    t(messages.depositTerm),
    t(messages.questions, { phone: profile.phone, email: profile.email }),
  ]);
  return await w.save();
}
