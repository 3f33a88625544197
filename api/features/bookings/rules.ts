import { dateProblemMessage } from "../../contracts/date-problems.ts";
import type { BookingStatus } from "../../contracts/entities.ts";
import { MESSAGES } from "../../contracts/messages.ts";
import { computePrice } from "../../contracts/pricing.ts";
import { dateProblem } from "../../contracts/schedule.ts";
import type { BookingFields } from "../../contracts/schemas.ts";
import type { Tx } from "../../db/client.ts";
import { Conflict, Unprocessable } from "../../errors.ts";
import type { BookingsRepo, BookingValues } from "./repo.ts";

/**
 * 422 with the SPEC's text when the date is not bookable in the business time zone at `now`: not a date, before
 * tomorrow, a Saturday, or more than `horizonDays` ahead.
 */
export function assertBookableDate(date: string, timeZone: string, now: Date, horizonDays: number): void {
  const problem = dateProblem(date, timeZone, now, horizonDays);
  if (problem) throw new Unprocessable(dateProblemMessage(problem, horizonDays));
}

/** 409 when the slot already holds `capacity` active bookings; the slot stays locked until commit. */
export async function reserveSlot(
  repo: BookingsRepo,
  tx: Tx,
  slot: { date: string; time: string; capacity: number; excludeId?: string },
): Promise<void> {
  const taken = await repo.lockSlotAndCount(tx, slot.date, slot.time, slot.excludeId);
  if (taken >= slot.capacity) throw new Conflict(MESSAGES.slotFull);
}

/** The values to store: the customer's fields with the price recomputed from SPEC §9 (client prices ignored). */
export function pricedValues(fields: BookingFields, status: BookingStatus): BookingValues {
  const { estimatedPrice: _e, originalPrice: _o, discountAmount: _d, ...rest } = fields;
  const price = computePrice(fields.serviceType, fields.unitCount);
  return {
    ...rest,
    originalPrice: price.originalPrice,
    discountAmount: price.discountAmount,
    estimatedPrice: price.estimatedPrice,
    status,
  };
}

/** A booking takes a place in its slot unless it is cancelled. */
export const holdsSlot = (status: BookingStatus) => status !== "cancelled";
