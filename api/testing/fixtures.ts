import type { Booking } from "../contracts/bookings/booking.ts";
import type { BookingInput } from "../contracts/bookings/schemas.ts";
import type { ServiceInput } from "../contracts/services/schemas.ts";

/** Dana's booking as she types it: two units of air duct cleaning, Tuesday 3 March 2026 at 9:00. */
const DANA = {
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
  timeZone: "America/New_York",
};

/** A valid booking for Tuesday 3 March 2026 (the day after TEST_NOW), with prices the server must ignore. */
export function bookingBody(overrides: Partial<Record<keyof BookingInput, unknown>> = {}) {
  return { ...DANA, estimatedPrice: 1, originalPrice: 1, discountAmount: 0, ...overrides };
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

/**
 * A booking as stored and answered (the pure rules' tests): Dana's two units of air duct cleaning on Wednesday
 * 4 March 2026 at 9:00, confirmed, given to the technician `a…01`.
 */
export function storedBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    ...DANA,
    _id: "b0000000-0000-4000-8000-000000000001",
    cleaningDate: "2026-03-04",
    originalPrice: 398,
    discountAmount: 39.8,
    estimatedPrice: 358.2,
    status: "confirmed",
    customerId: "c0000000-0000-4000-8000-000000000001",
    propertyId: "d0000000-0000-4000-8000-000000000001",
    technicianId: "a0000000-0000-4000-8000-000000000001",
    technicianName: "Ann",
    visitStage: "scheduled",
    visitStageAt: null,
    version: 3,
    createdAt: "2026-02-20T12:00:00.000Z",
    updatedAt: "2026-02-20T12:00:00.000Z",
    ...overrides,
  };
}
