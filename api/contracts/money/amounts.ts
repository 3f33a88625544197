/**
 * Money in estimates, invoices and payments is integer cents, and every figure a document shows is computed here,
 * once, by the same rules on the server and on the device: a line's amount, the subtotal, the tax and the total.
 */

/** The most a single unit may cost: $100,000. */
export const MAX_UNIT_PRICE_CENTS = 10_000_000;
/** The most of one thing a line may hold. */
export const MAX_QUANTITY = 1000;
/** The highest tax rate the settings accept, in percent. */
export const MAX_TAX_RATE_PERCENT = 20;

/** A line as the totals need it: how many, at what unit price, and whether tax applies to it. */
export interface PricedLine {
  quantity: number;
  unitPriceCents: number;
  taxable: boolean;
}

/** A document's figures, all in cents. */
export interface DocumentTotals {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** A line's amount: quantity × unit price, exact in integer cents. */
export function lineAmountCents(quantity: number, unitPriceCents: number): number {
  return quantity * unitPriceCents;
}

/**
 * A percentage with at most two decimals as an integer count of hundredths of a percent (8.25 → 825), so the tax is
 * computed in integers: 8.25 × 100 is 825.0000000000001 in floating point, and the rounding absorbs that.
 */
export function basisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** True when `percent` has at most two decimals (what the settings and the deposit accept). */
export function hasTwoDecimalsAtMost(percent: number): boolean {
  return Number.isFinite(percent) && Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-6;
}

/**
 * `cents` × `percent`, rounded half-up to a whole cent (half away from zero for a negative amount, so a credit
 * rounds as its charge would). Integer arithmetic: a document's largest taxable sum (30 lines × 1000 × $100,000)
 * times 10,000 basis points stays far below 2^53.
 */
export function percentOfCents(cents: number, percent: number): number {
  const bp = basisPoints(percent);
  const magnitude = Math.floor((Math.abs(cents) * bp + 5000) / 10000);
  return cents < 0 ? -magnitude : magnitude;
}

/**
 * A document's subtotal (every line), tax (the taxable lines' sum times the rate, rounded once for the whole
 * document, never per line) and total.
 */
export function documentTotals(lines: readonly PricedLine[], taxRatePercent: number): DocumentTotals {
  let subtotalCents = 0;
  let taxableCents = 0;
  for (const line of lines) {
    const amount = lineAmountCents(line.quantity, line.unitPriceCents);
    subtotalCents += amount;
    if (line.taxable) taxableCents += amount;
  }
  const taxCents = percentOfCents(taxableCents, taxRatePercent);
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

/** Cents as dollars for the one money format (`formatMoney`) and the CSV exports. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}
