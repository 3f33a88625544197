import type { Estimate, EstimateOption, EstimatePublicView } from "@contracts/estimates/estimate.ts";

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

/** A sent estimate of booking b1 with the options Good ($349.00) and Better ($589.00). */
export function makeEstimate(overrides: Partial<Estimate> = {}): Estimate {
  return {
    _id: "0b7d3a52-4a0c-4f7f-9a57-7a1f7c1d2e3f",
    number: "E-1007",
    bookingId: "b1",
    status: "sent",
    options: [makeOption("o1", "Good", 34900), makeOption("o2", "Better", 58900)],
    approvedOptionId: null,
    depositPercent: 0,
    depositCents: 0,
    depositPaidCents: 0,
    message: "",
    taxRatePercent: 0,
    taxLabel: "Sales tax",
    expiresAt: "2030-07-10T14:00:00.000Z",
    approval: null,
    decline: null,
    token: "tok-1",
    createdAt: "2030-06-10T14:00:00.000Z",
    sentAt: null,
    updatedAt: "2030-06-10T14:00:00.000Z",
    createdBy: "Tom Tech",
    ...overrides,
  };
}

/** The page's view of a sent estimate for Lucía, who booked in Spanish: Bueno ($349.00) and Mejor ($589.00). */
export function spanishEstimateView(overrides: Partial<EstimatePublicView> = {}): EstimatePublicView {
  return {
    number: "E-1010",
    status: "sent",
    options: [makeOption("o1", "Bueno", 34900), makeOption("o2", "Mejor", 58900)],
    approvedOptionId: null,
    depositPercent: 0,
    depositCents: 0,
    depositPaidCents: 0,
    message: "",
    taxRatePercent: 0,
    taxLabel: "Sales tax",
    expiresAt: "2030-07-10T14:00:00.000Z",
    createdAt: "2030-06-10T14:00:00.000Z",
    decline: null,
    approval: null,
    business: { name: "ClearFlow", phone: "(704) 555-0142", email: "hello@clearflowclean.com", address: "" },
    customer: { name: "Lucía Gómez", address: "12 Elm St, Charlotte, NC 28202" },
    locale: "es",
    days: { written: "2030-06-10", validUntil: "2030-07-10", approved: null, declined: null },
    ...overrides,
  };
}
