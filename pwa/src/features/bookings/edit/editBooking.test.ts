import { describe, expect, it } from "vitest";
import { DEFAULT_BOOKING_RULES } from "@contracts/schedule/rules.ts";
import { MESSAGES } from "@contracts/common/messages.ts";
import { bookingToFields, editMinDate, toBookingEdit } from "./editBooking.ts";
import { makeBooking } from "../../../test/staffFixtures.ts";

const TZ = "America/New_York";
// Monday 2030-06-03, noon in Charlotte: tomorrow is Tuesday 2030-06-04; 2030-06-08 is a Saturday.
const now = new Date("2030-06-03T16:00:00Z");

describe("toBookingEdit", () => {
  it("sends every field with the version it was read at and the recomputed price", () => {
    const original = makeBooking({ cleaningDate: "2030-06-10", version: 4 });
    const fields = { ...bookingToFields(original), unitCount: 3, status: "confirmed" as const };
    const result = toBookingEdit(fields, original, TZ, now);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.edit).toMatchObject({ version: 4, unitCount: 3, status: "confirmed", estimatedPrice: 537.3 });
    expect(result.edit.firstName).toBe("Jane");
  });

  it("prices a service an admin added at its listed price and the business's tiers, and checks its hours", () => {
    const original = makeBooking({ cleaningDate: "2030-06-10", serviceType: "attic-fan" });
    const rules = {
      ...DEFAULT_BOOKING_RULES,
      hours: { ...DEFAULT_BOOKING_RULES.hours, monday: { open: "09:00", close: "12:00" } },
      discountTiers: [{ minUnits: 3, percent: 20 }],
    };
    const services = [{ _id: "attic-fan", title: "Attic Fan Cleaning", price: 80 }];
    const fields = { ...bookingToFields(original), unitCount: 3 };
    expect(fields.serviceType).toBe("attic-fan");
    const result = toBookingEdit(fields, original, TZ, now, rules, services);
    expect(result).toMatchObject({
      ok: true,
      edit: { serviceType: "attic-fan", originalPrice: 240, estimatedPrice: 192 },
    });
    // Monday 2030-06-10 now closes its last slot at noon: 2:00 PM is no longer one of its hours.
    const late = toBookingEdit({ ...fields, cleaningTime: "2:00 PM" }, original, TZ, now, rules, services);
    expect(late).toMatchObject({ ok: false, errors: { cleaningTime: expect.stringMatching(/Monday/) as string } });
  });

  it("keeps an unchanged date that is no longer bookable (past visit)", () => {
    const original = makeBooking({ cleaningDate: "2030-05-01" });
    const fields = { ...bookingToFields(original), comment: "Paid in cash" };
    expect(toBookingEdit(fields, original, TZ, now).ok).toBe(true);
  });

  it("re-checks a changed date: too soon, Saturday", () => {
    const original = makeBooking({ cleaningDate: "2030-06-10" });
    const soon = toBookingEdit({ ...bookingToFields(original), cleaningDate: "2030-06-03" }, original, TZ, now);
    expect(soon).toEqual({ ok: false, errors: { cleaningDate: MESSAGES.tooSoon } });
    const saturday = toBookingEdit({ ...bookingToFields(original), cleaningDate: "2030-06-08" }, original, TZ, now);
    expect(saturday).toEqual({ ok: false, errors: { cleaningDate: MESSAGES.saturdayClosed } });
  });

  it("re-checks the date when only the time changed", () => {
    const original = makeBooking({ cleaningDate: "2030-05-01" });
    const result = toBookingEdit({ ...bookingToFields(original), cleaningTime: "10:00 AM" }, original, TZ, now);
    expect(result).toEqual({ ok: false, errors: { cleaningDate: MESSAGES.tooSoon } });
  });

  it("names the required fields that are empty", () => {
    const original = makeBooking();
    const result = toBookingEdit({ ...bookingToFields(original), firstName: " ", zip: "12" }, original, TZ, now);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(["firstName", "zip"]);
  });
});

describe("editMinDate", () => {
  it("is tomorrow, or the booking's own earlier date", () => {
    expect(editMinDate(makeBooking({ cleaningDate: "2030-06-20" }), TZ, now)).toBe("2030-06-04");
    expect(editMinDate(makeBooking({ cleaningDate: "2030-05-01" }), TZ, now)).toBe("2030-05-01");
  });
});
