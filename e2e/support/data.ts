// Test data: unique e-mails, dates and slots that parallel tests never share, and the booking payload.
import { randomBytes } from "node:crypto";
import type { Booking } from "../../api/contracts/bookings/booking.ts";
import {
  addDays,
  DEFAULT_BUSINESS_TZ as BUSINESS_TZ,
  isSaturday,
  TIME_SLOTS,
  todayIn,
  weekdayOf as weekday,
} from "../../api/contracts/schedule/dates.ts";

// The business rules themselves come from the shared contracts, so the tests check the site against them.
export { addDays, BUSINESS_TZ, isSaturday, TIME_SLOTS, todayIn, weekday };

/** The first day after today the business works (not a Saturday), for a job booked by a test. */
export function nextWorkday(): string {
  let day = addDays(todayIn(BUSINESS_TZ), 1);
  while (isSaturday(day)) day = addDays(day, 1);
  return day;
}

/** A fresh address per call, so a test finds its own rows among everyone else's. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}@e2e.test`;
}

/** "2026-03-09" -> "03/09/2026", the way the date field takes it. */
export const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** The next date on or after `iso` that is the given weekday (0 = Sunday). */
export function nextWeekday(iso: string, day: number): string {
  return addDays(iso, (day - weekday(iso) + 7) % 7);
}

const randomInt = (min: number, max: number) => min + (randomBytes(4).readUInt32BE() % (max - min + 1));

export interface Slot {
  date: string;
  time: string;
}

/**
 * A random open slot `minDays`..`maxDays` ahead (never a Saturday), so parallel tests do not meet in a slot of
 * capacity 2. Days 10-200 are for ordinary bookings; a test that fills a slot takes its own range beyond that.
 */
export function randomSlot(minDays = 10, maxDays = 200): Slot {
  let date = addDays(todayIn(BUSINESS_TZ), randomInt(minDays, maxDays));
  if (isSaturday(date)) date = addDays(date, 1);
  return { date, time: TIME_SLOTS[randomInt(0, TIME_SLOTS.length - 1)]! };
}

/** What the booking form sends (SPEC §3), without the prices: the server recomputes those. */
export type BookingPayload = Omit<
  Booking,
  | "_id"
  | "status"
  | "version"
  | "createdAt"
  | "updatedAt"
  | "originalPrice"
  | "discountAmount"
  | "estimatedPrice"
  | "customerId"
  | "propertyId"
  | "technicianId"
  | "technicianName"
  | "visitStage"
  | "visitStageAt"
>;

/** A valid booking payload on its own slot and e-mail, with any field overridden. */
export function bookingPayload(overrides: Partial<BookingPayload> = {}): BookingPayload {
  const slot = randomSlot();
  return {
    firstName: "Dana",
    lastName: `Tester${randomInt(100, 999)}`,
    email: uniqueEmail("booking"),
    contactNumber: "(704) 555-0100",
    homeAddress: "100 Main St",
    city: "Charlotte",
    state: "NC",
    zip: "28202",
    furnaceOrUnit: "N/A",
    serviceType: "dryer-vent-cleaning",
    unitCount: 1,
    cleaningDate: slot.date,
    cleaningTime: slot.time,
    comment: "",
    timeZone: BUSINESS_TZ,
    ...overrides,
  };
}

/** A last name no other test uses, to find a booking's row among everyone else's. */
export function uniqueName(tag: string): string {
  return `${tag}${randomBytes(3).toString("hex")}`;
}
