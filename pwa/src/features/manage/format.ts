import type { BookingStatus } from "@contracts/bookings/booking.ts";
import { ApiError, NetworkError } from "../../lib/http.ts";

/** The status as a word with a capital, as the dashboard badges show it. */
export const statusLabel = (status: BookingStatus) => status.charAt(0).toUpperCase() + status.slice(1);

/** "Monday, March 9, 2026, 9:00 AM" of an instant in the business time zone. */
export function deadlineText(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return "";
  return new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  }).format(instant);
}

export const NO_CONNECTION =
  "We could not reach our booking system, so nothing was changed. Please check your connection and try again.";
export const SERVER_TROUBLE = "Something went wrong on our side. Please try again in a moment or call us.";

/** What the customer reads when a cancel or move fails: the server's own words for a refusal. */
export function failureText(error: unknown): string {
  if (error instanceof NetworkError) return NO_CONNECTION;
  if (error instanceof ApiError && error.status < 500 && error.body?.message) return error.body.message;
  return SERVER_TROUBLE;
}
