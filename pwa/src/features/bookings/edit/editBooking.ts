import type { BookingRules } from "@contracts/schedule/rules.ts";
import type { Booking } from "@contracts/bookings/booking.ts";
import { dateProblemMessage, timeRefusal } from "@contracts/schedule/date-problems.ts";
import { BOOKING_HORIZON_DAYS, dateProblem, earliestBookingDate, isTimeSlot } from "@contracts/schedule/dates.ts";
import { BookingEditSchema, type BookingEdit } from "@contracts/bookings/schemas.ts";
import * as v from "valibot";
import { serviceQuote, type PricedService } from "../../../components/booking-fields/servicePrice.ts";

/** A booking's editable fields; the service may be unset while the select shows its placeholder. */
export type EditFields = Pick<
  Booking,
  | "firstName"
  | "lastName"
  | "email"
  | "contactNumber"
  | "homeAddress"
  | "city"
  | "state"
  | "zip"
  | "furnaceOrUnit"
  | "unitCount"
  | "cleaningDate"
  | "cleaningTime"
  | "comment"
  | "status"
> & { serviceType: string };

export type EditErrors = Partial<Record<keyof EditFields, string>>;

export function bookingToFields(b: Booking): EditFields {
  return {
    firstName: b.firstName ?? "",
    lastName: b.lastName ?? "",
    email: b.email ?? "",
    contactNumber: b.contactNumber ?? "",
    homeAddress: b.homeAddress ?? "",
    city: b.city ?? "",
    state: b.state ?? "",
    zip: b.zip ?? "",
    furnaceOrUnit: b.furnaceOrUnit || "N/A",
    serviceType: b.serviceType ?? "",
    unitCount: Number(b.unitCount) || 1,
    cleaningDate: b.cleaningDate ?? "",
    cleaningTime: b.cleaningTime ?? "",
    comment: b.comment ?? "",
    status: b.status,
  };
}

/**
 * The first day the date picker offers: tomorrow in the business time zone, or the booking's own
 * earlier date so that an unchanged past visit is not reported as too soon.
 */
export function editMinDate(original: Booking, timeZone: string, now: Date = new Date()): string {
  const earliest = earliestBookingDate(timeZone, now);
  return original.cleaningDate && original.cleaningDate < earliest ? original.cleaningDate : earliest;
}

/**
 * The PUT body of an edit, checked like a new booking. The schedule rules (tomorrow on, no Saturday,
 * an hourly slot) apply only when the date or time changed: a booking kept as it was stays valid even
 * once its day has passed.
 */
export function toBookingEdit(
  fields: EditFields,
  original: Booking,
  timeZone: string,
  now: Date = new Date(),
  rules: BookingRules | number = BOOKING_HORIZON_DAYS,
  services: readonly PricedService[] = [],
): { ok: true; edit: BookingEdit } | { ok: false; errors: EditErrors } {
  const ruleSet = typeof rules === "number" ? undefined : rules;
  const errors: EditErrors = {};
  const moved = fields.cleaningDate !== original.cleaningDate || fields.cleaningTime !== original.cleaningTime;
  if (moved) {
    const problem = dateProblem(fields.cleaningDate, timeZone, now, rules);
    if (problem) errors.cleaningDate = dateProblemMessage(problem, rules, fields.cleaningDate);
    if (!isTimeSlot(fields.cleaningTime, ruleSet)) errors.cleaningTime = "Please choose one of the hourly time slots.";
    else if (ruleSet && !problem) {
      // A slot of the week may still be outside this day's hours.
      const outside = timeRefusal(fields.cleaningDate, fields.cleaningTime, ruleSet);
      if (outside) errors.cleaningTime = outside;
    }
  }
  const price = serviceQuote(fields.serviceType, fields.unitCount, services, ruleSet?.discountTiers)?.price ?? null;
  const result = v.safeParse(BookingEditSchema, {
    ...fields,
    estimatedPrice: price?.estimatedPrice,
    originalPrice: price?.originalPrice,
    discountAmount: price?.discountAmount,
    timeZone: original.timeZone,
    version: original.version,
  });
  if (result.success && Object.keys(errors).length === 0) return { ok: true, edit: result.output };
  if (!result.success) {
    for (const issue of result.issues) {
      const key = v.getDotPath(issue) as keyof EditFields | null;
      if (key && !errors[key]) errors[key] = issue.message;
    }
  }
  return { ok: false, errors };
}
