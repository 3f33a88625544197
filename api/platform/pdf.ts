import type { PDFFont, PDFPage } from "pdf-lib";
import { formatMoney } from "../contracts/common/money.ts";
import { centsToDollars } from "../contracts/money/amounts.ts";
import { defineMessages } from "../contracts/i18n/messages.ts";
import type { BusinessProfile } from "../contracts/settings/profile.ts";
import type { Translator } from "../i18n/translator.ts";
import { onceUnlessFailed } from "./once.ts";

const PAGE = { width: 612, height: 792 } as const;
const MARGIN = 54;
/** pdf-lib, loaded when the first document is drawn, not at start (see loadTwilio in outbox/sms/twilio.ts). */
const loadPdfLib = onceUnlessFailed(() => import("pdf-lib"));
const COLUMNS = { qty: 360, unit: 470, amount: PAGE.width - MARGIN } as const;

export const pdfMoney = (cents: number) => formatMoney(centsToDollars(cents));

/** "March 2, 2026" ("2 de marzo de 2026") in the business's time zone, which the translator was made for. */
export const pdfDay = (iso: string, tr: Translator) => tr.intl.formatDate(new Date(iso), { dateStyle: "long" });

/** The texts every business document has: its totals' labels and the small print's title. */
export const pdfMessages = defineMessages({
  subtotal: { id: "customer.pdf.subtotal", defaultMessage: "Subtotal" },
  tax: {
    id: "customer.pdf.tax",
    defaultMessage: "{label} ({percent}%)",
    description: "The business's tax label (as set in its settings) and its rate",
  },
  total: { id: "customer.pdf.total", defaultMessage: "Total" },
  terms: { id: "customer.pdf.terms", defaultMessage: "Terms" },
});

const messages = defineMessages({
  preparedFor: { id: "customer.pdf.preparedFor", defaultMessage: "Prepared for" },
  description: { id: "customer.pdf.column.description", defaultMessage: "Description" },
  quantity: { id: "customer.pdf.column.quantity", defaultMessage: "Qty", description: "Quantity, a narrow column" },
  unitPrice: { id: "customer.pdf.column.unitPrice", defaultMessage: "Unit price" },
  amount: { id: "customer.pdf.column.amount", defaultMessage: "Amount" },
  notTaxed: {
    id: "customer.pdf.line.notTaxed",
    defaultMessage: "{description} (not taxed)",
    description: "A priced line of work that carries no sales tax",
  },
});

interface TextOptions {
  size?: number;
  bold?: boolean;
  muted?: boolean;
  right?: boolean;
}

/**
 * A letter-size business document (an estimate, an invoice, a receipt) drawn top to bottom with pdf-lib's standard
 * fonts: nothing to load, and a character they cannot draw becomes "?" instead of failing the document. Pages are
 * added as the content needs them.
 */
export async function businessDocument(title: string, author: string, tr: Translator) {
  const { PDFDocument, rgb, StandardFonts } = await loadPdfLib();
  const INK = rgb(0.12, 0.16, 0.22);
  const MUTED = rgb(0.35, 0.39, 0.45);
  const RULE = rgb(0.8, 0.82, 0.86);
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor(author);
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
  const text = (s: string, x: number, o: TextOptions = {}) => {
    const size = o.size ?? 10;
    const font = o.bold ? bold : regular;
    const value = clean(s);
    const at = o.right ? x - font.widthOfTextAtSize(value, size) : x;
    page.drawText(value, { x: at, y, size, font, color: o.muted ? MUTED : INK });
  };
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
  const down = (by: number) => {
    y -= by;
  };

  const w = {
    doc,
    text,
    down,
    room,
    paragraph(s: string, o: { size?: number; muted?: boolean } = {}) {
      const size = o.size ?? 10;
      for (const line of wrap(s, PAGE.width - 2 * MARGIN, size)) {
        room(size + 4);
        text(line, MARGIN, { size, muted: o.muted });
        down(size + 4);
      }
    },
    rule() {
      page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.5, color: RULE });
    },
    /** The business on the left, the document's name and its facts on the right; then who it is for. */
    heading(profile: BusinessProfile, name: string, facts: string[], customer: string[]) {
      text(profile.name, MARGIN, { size: 16, bold: true });
      text(name, PAGE.width - MARGIN, { size: 16, bold: true, right: true });
      down(18);
      const { street, city, state, zip } = profile.address;
      const business = [`${street}, ${city}, ${state} ${zip}`, `${profile.phone} · ${profile.email}`];
      for (let i = 0; i < Math.max(business.length, facts.length); i++) {
        if (business[i]) text(business[i]!, MARGIN, { muted: true });
        if (facts[i]) text(facts[i]!, PAGE.width - MARGIN, { right: true, bold: i === 0 });
        down(14);
      }
      down(10);
      text(tr.t(messages.preparedFor), MARGIN, { size: 9, muted: true });
      down(14);
      customer.forEach((line, i) => {
        text(line, MARGIN, { bold: i === 0 });
        down(14);
      });
      down(6);
    },
    /** A table of priced lines under a title. */
    lines(
      title: string,
      lines: { description: string; quantity: number; unitPriceCents: number; amountCents: number; taxable: boolean }[],
    ) {
      room(80);
      w.rule();
      down(18);
      text(title, MARGIN, { size: 12, bold: true });
      down(18);
      text(tr.t(messages.description), MARGIN, { size: 9, muted: true });
      text(tr.t(messages.quantity), COLUMNS.qty, { size: 9, muted: true, right: true });
      text(tr.t(messages.unitPrice), COLUMNS.unit, { size: 9, muted: true, right: true });
      text(tr.t(messages.amount), COLUMNS.amount, { size: 9, muted: true, right: true });
      down(14);
      for (const line of lines) {
        const { description } = line;
        const shown = line.taxable ? description : tr.t(messages.notTaxed, { description });
        const described = wrap(shown, COLUMNS.qty - MARGIN - 40, 10);
        room(14 * described.length);
        text(String(line.quantity), COLUMNS.qty, { right: true });
        text(pdfMoney(line.unitPriceCents), COLUMNS.unit, { right: true });
        text(pdfMoney(line.amountCents), COLUMNS.amount, { right: true });
        for (const part of described) {
          text(part, MARGIN);
          down(14);
        }
      }
    },
    /** Label and amount rows at the right, the last in bold. */
    totals(rows: [label: string, cents: number][]) {
      room(14 * rows.length + 8);
      rows.forEach(([label, cents], i) => {
        const strong = i === rows.length - 1;
        text(label, COLUMNS.unit - 70, { right: true, bold: strong });
        text(pdfMoney(cents), COLUMNS.amount, { right: true, bold: strong });
        down(14);
      });
      down(8);
    },
    async image(png: Uint8Array, maxWidth: number, maxHeight: number) {
      const image = await doc.embedPng(png).catch(() => null);
      if (!image) return;
      const scaled = image.scaleToFit(maxWidth, maxHeight);
      room(scaled.height);
      down(scaled.height);
      page.drawImage(image, { x: MARGIN, y, width: scaled.width, height: scaled.height });
    },
    /** The small print at the end. */
    terms(title: string, paragraphs: string[]) {
      room(40);
      w.rule();
      down(16);
      text(title, MARGIN, { size: 9, bold: true, muted: true });
      down(12);
      for (const p of paragraphs) w.paragraph(p, { size: 8.5, muted: true });
    },
    save: () => doc.save(),
  };
  return w;
}

export const PDF_MARGIN = MARGIN;

/** A document's bytes as base64, for an e-mail's attachment. */
export function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
