import assert from "node:assert/strict";
import { basisPoints, documentTotals, lineAmountCents, percentOfCents } from "./amounts.ts";
import { formatDocumentNumber } from "./numbers.ts";

Deno.test("a line's amount is quantity times unit price in cents", () => {
  assert.equal(lineAmountCents(3, 4999), 14997);
  assert.equal(lineAmountCents(1000, 10_000_000), 10_000_000_000);
});

Deno.test("a rate with two decimals is an exact count of basis points", () => {
  assert.equal(basisPoints(8.25), 825);
  assert.equal(basisPoints(7.35), 735);
  assert.equal(basisPoints(0.07), 7);
  assert.equal(basisPoints(20), 2000);
});

Deno.test("a percentage of cents rounds half-up to a whole cent", () => {
  assert.equal(percentOfCents(1000, 7.25), 73, "72.5 rounds up");
  assert.equal(percentOfCents(999, 7.25), 72, "72.4275 rounds down");
  assert.equal(percentOfCents(200, 0.25), 1, "0.5 rounds up");
  assert.equal(percentOfCents(-1000, 7.25), -73, "a credit rounds as its charge would");
  assert.equal(percentOfCents(12345, 0), 0);
  // 2500 × 1.14 / 100 is 28.499999999999996 in floating point, which a naive Math.round takes down to 28.
  assert.equal(percentOfCents(2500, 1.14), 29);
  assert.equal(percentOfCents(3000, 2.05), 62);
});

Deno.test("tax applies to taxable lines only and is rounded once per document, not per line", () => {
  const lines = [
    { quantity: 1, unitPriceCents: 5, taxable: true },
    { quantity: 1, unitPriceCents: 5, taxable: true },
    { quantity: 2, unitPriceCents: 10000, taxable: false },
  ];
  // Per line 10% of 5¢ is 0.5¢ → 1¢ each, 2¢ together; once per document 10% of 10¢ is exactly 1¢.
  assert.deepEqual(documentTotals(lines, 10), { subtotalCents: 20010, taxCents: 1, totalCents: 20011 });
});

Deno.test("a document's totals at a rate with two decimals carry no floating point error", () => {
  const lines = [
    { quantity: 3, unitPriceCents: 3333, taxable: true },
    { quantity: 1, unitPriceCents: 19900, taxable: true },
  ];
  // 29899 × 8.25% = 2466.6675 → 2467.
  assert.deepEqual(documentTotals(lines, 8.25), { subtotalCents: 29899, taxCents: 2467, totalCents: 32366 });
  assert.deepEqual(documentTotals([], 8.25), { subtotalCents: 0, taxCents: 0, totalCents: 0 });
  assert.deepEqual(documentTotals(lines, 0), { subtotalCents: 29899, taxCents: 0, totalCents: 29899 });
});

Deno.test("the largest document stays exact", () => {
  const line = { quantity: 1000, unitPriceCents: 10_000_000, taxable: true };
  const totals = documentTotals(
    Array.from({ length: 30 }, () => line),
    19.99,
  );
  assert.equal(totals.subtotalCents, 300_000_000_000);
  assert.equal(totals.taxCents, 59_970_000_000);
  assert.ok(Number.isSafeInteger(totals.totalCents));
});

Deno.test("document numbers read as the customer sees them", () => {
  assert.equal(formatDocumentNumber("estimate", 1001), "E-1001");
  assert.equal(formatDocumentNumber("invoice", 1), "INV-000001");
  assert.equal(formatDocumentNumber("invoice", 1234567), "INV-1234567");
});
