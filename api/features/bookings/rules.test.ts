import assert from "node:assert/strict";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { computePrice } from "../../contracts/bookings/pricing.ts";
import { dateProblem, earliestBookingDate, TIME_SLOTS } from "../../contracts/schedule/dates.ts";
import { BASE_PRICES, SERVICE_KEYS } from "../../contracts/services/catalog.ts";
import { Unprocessable } from "../../errors.ts";
import { bookingBody } from "../../testing/fixtures.ts";
import { BookingInputSchema } from "../../contracts/bookings/schemas.ts";
import { assertBookableDate, pricedValues } from "./rules.ts";
import * as v from "valibot";

const NY = "America/New_York";
const at = (iso: string) => new Date(iso);
/** Monday 2 March 2026, 10:00 in New York. */
const TEST_MONDAY = "2026-03-02T15:00:00Z";

Deno.test("prices every service for 1 to 10 units: base x units, 10% off from 2 units, 2 decimals", () => {
  for (const key of SERVICE_KEYS) {
    for (let units = 1; units <= 10; units++) {
      const original = BASE_PRICES[key] * units;
      const discount = units >= 2 ? Math.round(original * 10) / 100 : 0;
      const p = computePrice(key, units);
      assert.equal(p.originalPrice, original, `${key} x${units}`);
      assert.equal(p.discountAmount, discount, `${key} x${units}`);
      assert.equal(p.estimatedPrice, Math.round((original - discount) * 100) / 100, `${key} x${units}`);
    }
  }
});

Deno.test("prices match SPEC §9 examples: 2 air duct units cost $358.20, 1 dryer vent $99.00", () => {
  assert.deepEqual(
    [computePrice("air-duct-cleaning", 2).estimatedPrice, computePrice("dryer-vent-cleaning", 1).estimatedPrice],
    [358.2, 99],
  );
  assert.equal(computePrice("hvac-system-cleaning", 3).estimatedPrice, 942.3);
});

Deno.test("stores the server's price and ignores the prices the client sent", () => {
  const fields = v.parse(
    BookingInputSchema,
    bookingBody({ estimatedPrice: 0.01, originalPrice: 5, discountAmount: 99 }),
  );
  const values = pricedValues(fields, "pending");
  assert.equal(values.originalPrice, 398);
  assert.equal(values.discountAmount, 39.8);
  assert.equal(values.estimatedPrice, 358.2);
  assert.equal(values.status, "pending");
});

Deno.test("offers exactly 13 hourly slots from 7:00 AM to 7:00 PM", () => {
  assert.equal(TIME_SLOTS.length, 13);
  assert.equal(TIME_SLOTS[0], "7:00 AM");
  assert.equal(TIME_SLOTS[5], "12:00 PM");
  assert.equal(TIME_SLOTS[6], "1:00 PM");
  assert.equal(TIME_SLOTS[12], "7:00 PM");
});

Deno.test("refuses a Saturday in New York time with the SPEC's text", () => {
  assert.equal(dateProblem("2026-03-07", NY, at(TEST_MONDAY)), "saturday");
  assert.throws(
    () => assertBookableDate("2026-03-07", NY, at(TEST_MONDAY), 365),
    (e: unknown) => e instanceof Unprocessable && e.message === MESSAGES.saturdayClosed,
  );
  assert.equal(dateProblem("2026-03-08", NY, at(TEST_MONDAY)), null, "Sunday is open");
  assert.equal(dateProblem("2026-03-06", NY, at(TEST_MONDAY)), null, "Friday is open");
});

Deno.test("refuses today and accepts tomorrow as the earliest date", () => {
  assert.throws(
    () => assertBookableDate("2026-03-02", NY, at(TEST_MONDAY), 365),
    (e: unknown) => e instanceof Unprocessable && e.message === MESSAGES.tooSoon,
  );
  assert.doesNotThrow(() => assertBookableDate("2026-03-03", NY, at(TEST_MONDAY), 365));
});

Deno.test("uses New York's date just before and after its midnight, not UTC's", () => {
  // 23:59 on Sunday 1 March in New York is already 2 March in UTC.
  assert.equal(earliestBookingDate(NY, at("2026-03-02T04:59:00Z")), "2026-03-02");
  assert.equal(dateProblem("2026-03-02", NY, at("2026-03-02T04:59:00Z")), null);
  // One minute later it is Monday in New York: Monday is now too soon.
  assert.equal(earliestBookingDate(NY, at("2026-03-02T05:00:00Z")), "2026-03-03");
  assert.equal(dateProblem("2026-03-02", NY, at("2026-03-02T05:00:00Z")), "too-soon");
});

Deno.test("moves midnight with the spring DST change (EST to EDT on 8 March 2026)", () => {
  // After the change New York is UTC-4, so its midnight is 04:00 UTC.
  assert.equal(earliestBookingDate(NY, at("2026-03-09T03:59:00Z")), "2026-03-09");
  assert.equal(earliestBookingDate(NY, at("2026-03-09T04:00:00Z")), "2026-03-10");
  // Before the change it was UTC-5.
  assert.equal(earliestBookingDate(NY, at("2026-03-08T04:59:00Z")), "2026-03-08");
  assert.equal(earliestBookingDate(NY, at("2026-03-08T05:00:00Z")), "2026-03-09");
});

Deno.test("moves midnight with the autumn DST change (EDT to EST on 1 November 2026)", () => {
  assert.equal(earliestBookingDate(NY, at("2026-11-01T03:59:00Z")), "2026-11-01");
  assert.equal(earliestBookingDate(NY, at("2026-11-01T04:00:00Z")), "2026-11-02");
  assert.equal(earliestBookingDate(NY, at("2026-11-02T04:59:00Z")), "2026-11-02");
  assert.equal(earliestBookingDate(NY, at("2026-11-02T05:00:00Z")), "2026-11-03");
});

Deno.test("refuses an impossible calendar date as invalid", () => {
  assert.throws(
    () => assertBookableDate("2026-02-30", NY, at(TEST_MONDAY), 365),
    (e: unknown) => e instanceof Unprocessable && e.message === MESSAGES.invalidDate,
  );
});

Deno.test("refuses a date past the horizon with its number, counting from today in New York", () => {
  // Monday 2 March 2026 in New York: 365 days ahead is Tuesday 2 March 2027 (a Tuesday, open).
  assert.equal(dateProblem("2027-03-02", NY, at(TEST_MONDAY)), null, "the last day of the horizon");
  assert.equal(dateProblem("2027-03-03", NY, at(TEST_MONDAY)), "too-far");
  assert.equal(dateProblem("9999-12-31", NY, at(TEST_MONDAY)), "too-far");
  assert.throws(
    () => assertBookableDate("2026-03-13", NY, at(TEST_MONDAY), 10),
    (e: unknown) => e instanceof Unprocessable && e.message === "Please choose a date within the next 10 days",
  );
  assert.doesNotThrow(() => assertBookableDate("2026-03-12", NY, at(TEST_MONDAY), 10));
  // 23:30 on 1 March in New York is 2 March in UTC: the horizon still counts from New York's 1 March.
  assert.equal(dateProblem("2027-03-02", NY, at("2026-03-02T04:30:00Z")), "too-far");
});
