import { ESTIMATE_TERMS, type Estimate } from "../../contracts/estimates/estimate.ts";
import { approvedOption } from "../../contracts/estimates/rules.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import { businessDocument, PDF_MARGIN, pdfDay, pdfMoney } from "../../platform/pdf.ts";

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
}

/**
 * The estimate as a PDF: the business, the customer, the number and dates, each option (or the approved one alone)
 * with its lines and totals under the tax label, the deposit, the approval with the signature, and the terms.
 */
export async function estimatePdf({ estimate, customer, profile, signature }: EstimatePdfInput): Promise<Uint8Array> {
  const w = await businessDocument(`Estimate ${estimate.number}`, profile.name);
  w.doc.setCreationDate(new Date(estimate.createdAt));
  w.doc.setModificationDate(new Date(estimate.updatedAt));
  const tz = profile.timeZone;
  w.heading(
    profile,
    "ESTIMATE",
    [
      estimate.number,
      `Date: ${pdfDay(estimate.createdAt, tz)}`,
      estimate.status === "approved" ? "Approved" : `Valid until: ${pdfDay(estimate.expiresAt, tz)}`,
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
    const title = chosen ? `Approved: ${o.title}` : options.length > 1 ? `Option ${i + 1}: ${o.title}` : o.title;
    w.lines(title, o.lines);
    w.totals([
      ["Subtotal", o.subtotalCents],
      [`${estimate.taxLabel} (${estimate.taxRatePercent}%)`, o.taxCents],
      ["Total", o.totalCents],
    ]);
  });

  if (estimate.depositCents > 0) {
    w.room(20);
    const deposit = `Deposit due on approval (${estimate.depositPercent}%): ${pdfMoney(estimate.depositCents)}`;
    w.text(deposit, PDF_MARGIN, { bold: true });
    w.down(20);
  }

  const approval = estimate.approval;
  if (approval) {
    w.room(110);
    w.rule();
    w.down(18);
    const how = approval.via === "on-site" ? "on site" : "online";
    w.text(`Approved ${how} by ${approval.signedBy} on ${pdfDay(approval.at, tz)}`, PDF_MARGIN, { bold: true });
    w.down(12);
    if (signature) await w.image(signature, 200, 70);
    w.down(18);
  } else if (estimate.status === "declined") {
    w.room(30);
    w.text("Declined", PDF_MARGIN, { bold: true });
    w.down(20);
  }

  w.terms("Terms", [
    `This estimate is valid until ${pdfDay(estimate.expiresAt, tz)}.`,
    ...ESTIMATE_TERMS,
    `Questions? Call ${profile.phone} or write to ${profile.email}.`,
  ]);
  return await w.save();
}
