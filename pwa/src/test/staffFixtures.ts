import type { JobDetails } from "@contracts/visit/job.ts";
import type { SessionUser, StaffMember } from "@contracts/staff/staff.ts";
import type { Booking } from "@contracts/bookings/booking.ts";
import type { Service } from "@contracts/services/service.ts";
import { DEFAULT_TECHNICIAN_HOURS, type BoardBooking, type BoardTechnician } from "@contracts/schedule/board.ts";

// Test data only: imported by *.test.ts(x) files, never by the screens.

export function makeBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    _id: "b1",
    firstName: "Jane",
    lastName: "Doe",
    email: "jane@example.com",
    contactNumber: "704-555-0101",
    homeAddress: "12 Elm St",
    city: "Charlotte",
    state: "NC",
    zip: "28202",
    furnaceOrUnit: "Furnace",
    serviceType: "air-duct-cleaning",
    unitCount: 1,
    cleaningDate: "2030-06-10",
    cleaningTime: "9:00 AM",
    comment: "",
    originalPrice: 199,
    discountAmount: 0,
    estimatedPrice: 199,
    status: "pending",
    timeZone: "America/New_York",
    customerId: "c1",
    propertyId: "p1",
    technicianId: null,
    technicianName: null,
    visitStage: "scheduled",
    visitStageAt: null,
    version: 1,
    createdAt: "2030-06-01T10:00:00.000Z",
    updatedAt: "2030-06-01T10:00:00.000Z",
    ...overrides,
  };
}

export function makeService(overrides: Partial<Service> = {}): Service {
  return {
    _id: "air-duct-cleaning",
    title: "Air Duct Cleaning",
    description: "Whole-home duct cleaning.",
    image: "/images/air-duct.webp",
    benefits: ["Cleaner air", "Lower bills"],
    process: ["Inspect", "Clean"],
    duration: "2-4 hours",
    price: 199,
    coverage: "Whole home",
    packages: [{ name: "Basic", price: 199, features: ["Up to 10 vents"], isPopular: false }],
    checklist: [],
    updatedAt: "2030-01-01T00:00:00.000Z",
    ...overrides,
  };
}

export const adminUser: SessionUser = { _id: "u1", email: "admin@example.com", name: "Sam Admin", role: "admin" };

/** A JWT-shaped token whose payload expires in an hour, enough for hasValidSession. */
export function fakeToken(expSeconds = Math.floor(Date.now() / 1000) + 3600): string {
  const payload = btoa(JSON.stringify({ sub: "u1", exp: expSeconds }));
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
}

/** GET /api/bookings/{id} as staff read it: the booking with its visit's records, here none yet. */
export function asJobDetails(booking: Booking): JobDetails {
  return {
    ...booking,
    visit: { stage: booking.visitStage, history: [], customerNotPresent: false },
    notes: [],
    photos: [],
    checklist: [],
    signature: null,
    estimates: [],
    approvedWork: { totalCents: 0, items: [] },
    invoice: null,
  };
}

/** A job of the dispatch board: an hour's work in Charlotte, unassigned unless told. */
export function makeBoardBooking(overrides: Partial<BoardBooking> = {}): BoardBooking {
  return {
    ...makeBooking(),
    durationMinutes: 60,
    durationOverrideMinutes: null,
    travelMinutesBefore: null,
    town: "Charlotte",
    locationApproximate: false,
    planName: null,
    ...overrides,
  };
}

export function makeTechnician(overrides: Partial<BoardTechnician> = {}): BoardTechnician {
  return { _id: "t1", name: "Ana Ruiz", color: "#2a9d8f", hours: DEFAULT_TECHNICIAN_HOURS, ...overrides };
}

/** A staff member as GET /api/staff lists them: an active owner unless `overrides` say otherwise. */
export function makeStaffMember(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    _id: "s1",
    name: "Owner One",
    email: "owner@example.com",
    role: "owner",
    phone: "",
    color: "#1f7a8c",
    status: "active",
    lastSignInAt: "2026-11-20T10:00:00.000Z",
    createdAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}
