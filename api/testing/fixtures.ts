import type { BookingInput } from "../contracts/bookings/schemas.ts";
import type { ServiceInput } from "../contracts/services/schemas.ts";

/** A valid booking for Tuesday 3 March 2026 (the day after TEST_NOW). */
export function bookingBody(overrides: Partial<Record<keyof BookingInput, unknown>> = {}) {
  return {
    firstName: "Dana",
    lastName: "Whitfield",
    email: "dana.whitfield@example.com",
    contactNumber: "(704) 555-0199",
    homeAddress: "1200 East Blvd",
    city: "Charlotte",
    state: "NC",
    zip: "28203",
    furnaceOrUnit: "Furnace",
    serviceType: "air-duct-cleaning",
    unitCount: 2,
    cleaningDate: "2026-03-03",
    cleaningTime: "9:00 AM",
    comment: "Gate code 4512",
    estimatedPrice: 1,
    originalPrice: 1,
    discountAmount: 0,
    timeZone: "America/New_York",
    ...overrides,
  };
}

export function serviceBody(overrides: Partial<ServiceInput> = {}): ServiceInput {
  return {
    title: "Attic Insulation",
    image: "/images/services/attic-insulation.svg",
    description: "We remove old insulation and blow in new cellulose.",
    benefits: ["Lower energy bills", "Quieter rooms"],
    process: ["Inspect the attic", "Remove old insulation", "Blow in new insulation"],
    price: 899,
    duration: "1 day",
    coverage: "Attics up to 1,500 sq ft",
    packages: [{ name: "Standard", price: 899, features: ["Up to 1,500 sq ft"], isPopular: true }],
    ...overrides,
  };
}
