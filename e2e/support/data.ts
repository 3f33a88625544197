// Test data: unique e-mails, dates and slots that parallel tests never share, and the booking payload.
import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, mkdtempSync, openSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Booking } from "../../api/contracts/bookings/booking.ts";
import { DEFAULT_SLOT_CAPACITY } from "../../api/contracts/settings/settings.ts";
import {
  addDays,
  DEFAULT_BUSINESS_TZ as BUSINESS_TZ,
  isSaturday,
  slotsOnDate,
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
 * The run's register of slots handed out (playwright.config.ts names one folder for the run; the workers inherit it):
 * a file per seat, created exclusively, so two workers never hand out the same seat.
 */
function slotRegister(): string {
  process.env.E2E_SLOT_DIR ??= mkdtempSync(join(tmpdir(), "clearflow-e2e-slots-"));
  mkdirSync(process.env.E2E_SLOT_DIR, { recursive: true });
  return process.env.E2E_SLOT_DIR;
}

/** Takes `seats` seats of the slot for this test, all or none; false when another test holds one already. */
function claim(slot: Slot, seats: number): boolean {
  const dir = slotRegister();
  const file = (seat: number) => join(dir, `${slot.date} ${slot.time.replace(/\W+/g, "")} ${seat}`);
  const free = (seat: number) => {
    try {
      closeSync(openSync(file(seat), "wx"));
      return true;
    } catch {
      return false;
    }
  };
  // Seats are taken from the last down, one by one: a test wanting them all stops at the first that is taken.
  let taken = 0;
  for (let seat = DEFAULT_SLOT_CAPACITY - 1; seat >= 0 && taken < seats; seat--) {
    if (free(seat)) taken++;
    else if (seats === DEFAULT_SLOT_CAPACITY) return false; // leaves the ones it took: nobody else uses them
  }
  return taken === seats;
}

/**
 * A random slot `minDays`..`maxDays` ahead (never a Saturday) that no other test of the run is handed: every seat of
 * it is this test's, so it may book it, fill it or move a booking into it. Days 10-200 are for ordinary bookings; a
 * test whose period must hold only its own bookings takes a range beyond that.
 */
export function randomSlot(minDays = 10, maxDays = 200): Slot {
  for (let attempt = 0; ; attempt++) {
    let date = addDays(todayIn(BUSINESS_TZ), randomInt(minDays, maxDays));
    if (isSaturday(date)) date = addDays(date, 1);
    const slot = { date, time: TIME_SLOTS[randomInt(0, TIME_SLOTS.length - 1)]! };
    if (slotsOnDate(date).includes(slot.time) && claim(slot, DEFAULT_SLOT_CAPACITY)) return slot;
    if (attempt > 1000) throw new Error(`no free slot left ${minDays}-${maxDays} days ahead`);
  }
}

/**
 * A time on `date` with a seat no other test of the run was handed, for one booking on a day the test chose (the next
 * workday of a technician's job); null when every seat of the day is handed out.
 */
export function freeTime(date: string): string | null {
  const times = slotsOnDate(date);
  const start = randomInt(0, Math.max(0, times.length - 1));
  for (let i = 0; i < times.length; i++) {
    const time = times[(start + i) % times.length]!;
    if (claim({ date, time }, 1)) return time;
  }
  return null;
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
  // A slot of the test's own, unless it chose one: on a day it chose, a time with a seat of its own.
  const day = overrides.cleaningDate;
  const slot =
    day === undefined
      ? randomSlot()
      : {
          date: day,
          time: overrides.cleaningTime ?? freeTime(day) ?? TIME_SLOTS[randomInt(0, TIME_SLOTS.length - 1)]!,
        };
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
