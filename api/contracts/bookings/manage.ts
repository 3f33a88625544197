import type { BookingStatus } from "./booking.ts";
import { slotHour, zonedInstant } from "../schedule/dates.ts";

/** The terms: a visit may be cancelled or moved by the customer up to 24 hours before it starts. */
export const CHANGE_NOTICE_HOURS = 24;

/** The cancellation policy of the terms, word for word in the Terms page and in every booking e-mail. */
export const CANCELLATION_POLICY =
  "Please give at least 24 hours' notice to cancel or reschedule. Cancellations with less than 24 hours' notice, " +
  "or missed appointments, may be charged a late cancellation fee.";

/** The path of the customer's manage page for a token. */
export const managePath = (token: string) => `/booking/manage/${encodeURIComponent(token)}`;

/**
 * What the manage page shows (GET /api/manage/{token}). Only what the customer typed and what we priced:
 * no id, no token, no admin fields.
 */
export interface ManagedBooking {
  firstName: string;
  lastName: string;
  email: string;
  contactNumber: string;
  homeAddress: string;
  city: string;
  state: string;
  zip: string;
  serviceType: string;
  unitCount: number;
  cleaningDate: string;
  cleaningTime: string;
  originalPrice: number;
  discountAmount: number;
  estimatedPrice: number;
  status: BookingStatus;
  /** True while the customer may still cancel or move it (not cancelled or completed, 24 hours ahead). */
  changeable: boolean;
  /** ISO instant after which changes are refused (24 hours before the visit). */
  changeDeadline: string;
  /** True once the visit's time has come: the link then only shows what was booked. */
  visitOver: boolean;
}

/** The instant a visit starts, in the business time zone. */
export function visitStart(date: string, time: string, timeZone: string): Date {
  return zonedInstant(date, slotHour(time) ?? 0, timeZone);
}

/** Last instant at which the customer may still cancel or move the visit. */
export function changeDeadline(date: string, time: string, timeZone: string): Date {
  return new Date(visitStart(date, time, timeZone).getTime() - CHANGE_NOTICE_HOURS * 60 * 60 * 1000);
}

/** True from the moment the visit was due to start. */
export function isVisitOver(booking: { cleaningDate: string; cleaningTime: string }, timeZone: string, now: Date) {
  return now.getTime() >= visitStart(booking.cleaningDate, booking.cleaningTime, timeZone).getTime();
}

/** Why the customer may not change this booking now, or null when they may. */
export function changeProblem(
  booking: { status: BookingStatus; cleaningDate: string; cleaningTime: string },
  timeZone: string,
  now: Date,
): "closed" | "too-late" | null {
  if (booking.status === "cancelled" || booking.status === "completed") return "closed";
  if (now.getTime() > changeDeadline(booking.cleaningDate, booking.cleaningTime, timeZone).getTime()) {
    return "too-late";
  }
  return null;
}
