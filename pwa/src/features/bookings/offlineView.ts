import type { Booking } from "@contracts/bookings/booking.ts";
import { matchesFilters, sortBookings, type BookingFilters } from "./bookingFilters.ts";

interface Copy {
  bookings: readonly Booking[];
  window?: { from: string; to: string };
}

/** The Bookings screen without a connection: the rows of the device's window that fit the view, and what it lacks. */
export interface OfflineView {
  rows: Booking[];
  /** The visit dates the copy holds, when it says. */
  window: { from: string; to: string } | null;
  /** Why the view asks for more than the copy holds (a wider range, the payment state), or null when it does not. */
  beyond: string | null;
}

/**
 * The view `f` within the device's copy: its filters, search and order applied here. The copy holds the window's
 * bookings only; a view that reaches outside it (its dates, every booking ever, whether paid) is said to be online.
 */
export function offlineView(copy: Copy, f: BookingFilters): OfflineView {
  const window = copy.window ?? null;
  const rows = sortBookings(
    copy.bookings.filter((b) => matchesFilters(b, f)),
    f.sort,
  );
  let beyond: string | null = null;
  if (f.paid) beyond = "Whether a booking is paid is known online.";
  else if (window && ((f.from || "") < window.from || !f.to || f.to > window.to))
    beyond = "Bookings outside these dates are not kept on this device.";
  return { rows, window, beyond };
}
