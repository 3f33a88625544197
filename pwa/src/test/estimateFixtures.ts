import type { EstimateOption } from "@contracts/estimates/estimate.ts";

// Test data only: imported by *.test.ts(x) files, never by the screens.

/** An option of one untaxed line that costs `totalCents`. */
export function makeOption(_id: string, title: string, totalCents: number): EstimateOption {
  return {
    _id,
    title,
    lines: [
      {
        description: `${title} work`,
        quantity: 1,
        unitPriceCents: totalCents,
        amountCents: totalCents,
        taxable: false,
      },
    ],
    subtotalCents: totalCents,
    taxCents: 0,
    totalCents,
  };
}
