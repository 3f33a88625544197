// Test data of the manage page: a managed booking, a bookable weekday, and an availability answer.
import type { ManagedBooking } from "@contracts/bookings/manage.ts";
import { addDays, earliestBookingDate, isSaturday, TIME_SLOTS } from "@contracts/schedule/dates.ts";
import { json } from "./fetch.ts";

/** The first non-Saturday `days` or more after the earliest bookable date. */
export function weekdayAhead(days: number): string {
  let date = addDays(earliestBookingDate("America/New_York"), days);
  while (isSaturday(date)) date = addDays(date, 1);
  return date;
}

export function makeManaged(extra: Partial<ManagedBooking> = {}): ManagedBooking {
  return {
    firstName: "Jane",
    lastName: "Doe",
    email: "jane@example.com",
    contactNumber: "(704) 555-0100",
    homeAddress: "100 Main St",
    city: "Charlotte",
    state: "NC",
    zip: "28202",
    serviceType: "air-duct-cleaning",
    unitCount: 2,
    cleaningDate: weekdayAhead(10),
    cleaningTime: "9:00 AM",
    originalPrice: 398,
    discountAmount: 39.8,
    estimatedPrice: 358.2,
    status: "pending",
    changeable: true,
    changeDeadline: "2030-01-01T14:00:00.000Z",
    visitOver: false,
    ...extra,
  };
}

/** GET /api/availability's answer with the given times full. */
export const availability = (date: string, full: string[] = [], closedReason: string | null = null) =>
  json({
    date,
    closedReason,
    slots: TIME_SLOTS.map((time) => ({ time, capacity: 2, remaining: full.includes(time) ? 0 : 2 })),
  });
