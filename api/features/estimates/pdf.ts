import { type PDFFont, type PDFPage, PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { formatMoney } from "../../contracts/common/money.ts";
import { centsToDollars } from "../../contracts/money/amounts.ts";
import { ESTIMATE_TERMS, type Estimate, type EstimateOption } from "../../contracts/estimates/estimate.ts";
import { approvedOption } from "../../contracts/estimates/rules.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";

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

const PAGE = { width: 612, height: 792 } as const;
const MARGIN = 54;
const INK = rgb(0.12, 0.16, 0.22);
const MUTED = rgb(0.35, 0.39, 0.45);
const RULE = rgb(0.8, 0.82, 0.86);
const COLUMNS = { qty: 360, unit: 430, amount: PAGE.width - MARGIN } as const;

const money = (cents: number) => formatMoney(centsToDollars(cents));

/** "March 2, 2026" in the business's time zone. */
const day = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone }).format(new Date(iso));

/**
 * A one-document PDF of the estimate: the business, the customer, the number and dates, each option (or the approved
 * one alone) with its lines and totals under the tax label, the approval with the signature, and the terms. Standard
 * fonts only: nothing to load, and any character they cannot draw is replaced rather than failing the document.
 */
export async function estimatePdf({ estimate, customer, profile, signature }: EstimatePdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Estimate ${estimate.number}`);
  doc.setAuthor(profile.name);
  doc.setCreationDate(new Date(estimate.createdAt));
  doc.setModificationDate(new Date(estimate.updatedAt));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const drawable = new Set(regular.getCharacterSet());
  const clean = (s: string) =>
    [...s.replace(/[\r\n\t]+/g, " ")].map((ch) => (drawable.has(ch.codePointAt(0)!) ? ch : "?")).join("");

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const room = (needed: number) => {
    if (y - needed >= MARGIN) return;
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };
  const text = (
    s: string,
    x: number,
    o: { size?: number; font?: PDFFont; color?: typeof INK; right?: boolean } = {},
  ) => {
    const size = o.size ?? 10;
    const font = o.font ?? regular;
    const value = clean(s);
    const at = o.right ? x - font.widthOfTextAtSize(value, size) : x;
    page.drawText(value, { x: at, y, size, font, color: o.color ?? INK });
  };
  /** Lines of `s` no wider than `width`. */
  const wrap = (s: string, width: number, size: number, font: PDFFont = regular) => {
    const lines: string[] = [];
    let line = "";
    for (const word of clean(s).split(" ")) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  };
  const paragraph = (s: string, o: { size?: number; color?: typeof INK; width?: number } = {}) => {
    const size = o.size ?? 10;
    for (const line of wrap(s, o.width ?? PAGE.width - 2 * MARGIN, size)) {
      room(size + 4);
      text(line, MARGIN, { size, color: o.color });
      y -= size + 4;
    }
  };
  const rule = () => {
    page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.5, color: RULE });
  };

  // The business, and the document's number and dates.
  const tz = profile.timeZone;
  text(profile.name, MARGIN, { size: 16, font: bold });
  text("ESTIMATE", PAGE.width - MARGIN, { size: 16, font: bold, right: true });
  y -= 18;
  const { street, city, state, zip } = profile.address;
  const business = [`${street}, ${city}, ${state} ${zip}`, `${profile.phone} · ${profile.email}`];
  const heading = [
    estimate.number,
    `Date: ${day(estimate.createdAt, tz)}`,
    estimate.status === "approved" ? "Approved" : `Valid until: ${day(estimate.expiresAt, tz)}`,
  ];
  for (let i = 0; i < Math.max(business.length, heading.length); i++) {
    if (business[i]) text(business[i]!, MARGIN, { color: MUTED });
    if (heading[i]) text(heading[i]!, PAGE.width - MARGIN, { right: true, font: i === 0 ? bold : regular });
    y -= 14;
  }
  y -= 10;
  text("Prepared for", MARGIN, { size: 9, color: MUTED });
  y -= 14;
  for (const [i, line] of [customer.name, customer.address, customer.email].entries()) {
    text(line, MARGIN, { font: i === 0 ? bold : regular });
    y -= 14;
  }
  y -= 6;
  if (estimate.message) {
    paragraph(estimate.message);
    y -= 6;
  }

  const chosen = estimate.status === "approved" ? approvedOption(estimate) : null;
  const options = chosen ? [chosen] : estimate.options;
  const option = (o: EstimateOption, index: number) => {
    room(80);
    rule();
    y -= 18;
    const label = chosen ? `Approved: ${o.title}` : options.length > 1 ? `Option ${index + 1}: ${o.title}` : o.title;
    text(label, MARGIN, { size: 12, font: bold });
    y -= 18;
    text("Description", MARGIN, { size: 9, color: MUTED });
    text("Qty", COLUMNS.qty, { size: 9, color: MUTED, right: true });
    text("Unit price", COLUMNS.unit + 40, { size: 9, color: MUTED, right: true });
    text("Amount", COLUMNS.amount, { size: 9, color: MUTED, right: true });
    y -= 14;
    for (const line of o.lines) {
      const described = wrap(line.description + (line.taxable ? "" : " (not taxed)"), COLUMNS.qty - MARGIN - 40, 10);
      room(14 * described.length);
      text(String(line.quantity), COLUMNS.qty, { right: true });
      text(money(line.unitPriceCents), COLUMNS.unit + 40, { right: true });
      text(money(line.amountCents), COLUMNS.amount, { right: true });
      for (const part of described) {
        text(part, MARGIN);
        y -= 14;
      }
    }
    room(50);
    const taxName = `${estimate.taxLabel} (${estimate.taxRatePercent}%)`;
    for (const [name, cents, strong] of [
      ["Subtotal", o.subtotalCents, false],
      [taxName, o.taxCents, false],
      ["Total", o.totalCents, true],
    ] as const) {
      text(name, COLUMNS.unit, { right: true, font: strong ? bold : regular });
      text(money(cents), COLUMNS.amount, { right: true, font: strong ? bold : regular });
      y -= 14;
    }
    y -= 8;
  };
  options.forEach(option);

  if (estimate.depositCents > 0) {
    room(20);
    text(`Deposit due on approval (${estimate.depositPercent}%): ${money(estimate.depositCents)}`, MARGIN, {
      font: bold,
    });
    y -= 20;
  }

  const approval = estimate.approval;
  if (approval) {
    room(110);
    rule();
    y -= 18;
    const how = approval.via === "on-site" ? "on site" : "online";
    text(`Approved ${how} by ${approval.signedBy} on ${day(approval.at, tz)}`, MARGIN, { font: bold });
    y -= 12;
    if (signature) {
      const image = await doc.embedPng(signature).catch(() => null);
      if (image) {
        const scaled = image.scaleToFit(200, 70);
        y -= scaled.height;
        page.drawImage(image, { x: MARGIN, y, width: scaled.width, height: scaled.height });
      }
    }
    y -= 18;
  } else if (estimate.status === "declined") {
    room(30);
    text("Declined", MARGIN, { font: bold });
    y -= 20;
  }

  room(40);
  rule();
  y -= 16;
  text("Terms", MARGIN, { size: 9, font: bold, color: MUTED });
  y -= 12;
  const validity = `This estimate is valid until ${day(estimate.expiresAt, tz)}.`;
  for (const term of [validity, ...ESTIMATE_TERMS]) paragraph(term, { size: 8.5, color: MUTED });
  paragraph(`Questions? Call ${profile.phone} or write to ${profile.email}.`, { size: 8.5, color: MUTED });

  return await doc.save();
}
