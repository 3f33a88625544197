import { type BookingRules, DEFAULT_BOOKING_RULES, type DiscountTier } from "../../contracts/schedule/rules.ts";
import { dateProblemMessage, dateRefusal, timeRefusal } from "../../contracts/schedule/date-problems.ts";
import { dateProblemIn, timeRefusalIn } from "../../contracts/schedule/date-problems-in.ts";
import type { BookingStatus } from "../../contracts/bookings/booking.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { priceFor } from "../../contracts/bookings/pricing.ts";
import type { BookingFields } from "../../contracts/bookings/schemas.ts";
import { zipRefusal } from "../../contracts/bookings/service-area.ts";
import { dateProblem } from "../../contracts/schedule/dates.ts";
import { BASE_PRICES, isServiceKey } from "../../contracts/services/catalog.ts";
import { BadRequest, Conflict, Unprocessable } from "../../errors.ts";
import type { BookingValues } from "./repo.ts";

/**
 * 422 with the settings' text when the date and time cannot be booked in the business time zone at `now`: not a
 * date, before the lead time, past the horizon, a closed date or weekday, or a time outside that day's hours. The
 * answer is in the language the request asks for (app.onError), as date-problems-in.ts writes it.
 */
export function assertBookable(date: string, time: string, rules: BookingRules, timeZone: string, now: Date): void {
  const refusal = dateRefusal(date, rules, timeZone, now);
  if (refusal) {
    throw new Unprocessable(refusal.message, (locale) => dateProblemIn(locale, refusal.problem, rules, date));
  }
  const outside = timeRefusal(date, time, rules);
  if (outside) throw new Unprocessable(outside, (locale) => timeRefusalIn(locale, date, time, rules) ?? outside);
}

/** assertBookable for the date alone; a number of days is the default rules with that horizon. */
export function assertBookableDate(
  date: string,
  timeZone: string,
  now: Date,
  rules: BookingRules | number = DEFAULT_BOOKING_RULES,
): void {
  const problem = dateProblem(date, timeZone, now, rules);
  if (problem) {
    throw new Unprocessable(dateProblemMessage(problem, rules, date), (locale) =>
      dateProblemIn(locale, problem, rules, date),
    );
  }
}

/** 422 "We don't serve {zip} yet — call us at {phone}" outside a service area the settings list. */
export function assertServedZip(zip: string, rules: BookingRules, phone: string): void {
  const refusal = zipRefusal(zip, rules, phone);
  if (refusal) throw new Unprocessable(refusal);
}

/** 409 when `taken` (lockSlotAndCount's answer) already fills the slot's `capacity`. */
export function assertRoomInSlot(taken: number, capacity: number): void {
  if (taken >= capacity) throw new Conflict(MESSAGES.slotFull);
}

/** The customer's fields without the prices a client sent (the server never trusts them). */
export function customerFields(fields: BookingFields) {
  // Consent to texts and the language are kept on the customer, not the booking.
  const { estimatedPrice: _e, originalPrice: _o, discountAmount: _d, smsConsent: _s, locale: _l, ...rest } = fields;
  return rest;
}

/** The three prices a booking stores, for `units` at `basePrice` per unit less the tiers' discount. */
export function storedPrices(basePrice: number, units: number, tiers: readonly DiscountTier[]) {
  const price = priceFor(basePrice, units, tiers);
  return {
    originalPrice: price.originalPrice,
    discountAmount: price.discountAmount,
    estimatedPrice: price.estimatedPrice,
  };
}

/** 400 for a service (serviceForBooking's answer) that does not exist or has no price; else the service. */
export function assertBookableService(service: { price: number; title: string } | null) {
  if (!service || service.price <= 0) throw new BadRequest(MESSAGES.unknownService);
  return service;
}

/**
 * The values to store: the customer's fields with the price computed by the server (client prices ignored), at
 * `basePrice` per unit (a seeded service's seed price when not given) and the tiers.
 */
export function pricedValues(
  fields: BookingFields,
  status: BookingStatus,
  basePrice: number = isServiceKey(fields.serviceType) ? BASE_PRICES[fields.serviceType] : 0,
  tiers: readonly DiscountTier[] = DEFAULT_BOOKING_RULES.discountTiers,
): BookingValues {
  return { ...customerFields(fields), ...storedPrices(basePrice, fields.unitCount, tiers), status };
}

/** A booking takes a place in its slot unless it is cancelled. */
export const holdsSlot = (status: BookingStatus) => status !== "cancelled";
