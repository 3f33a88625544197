/**
 * The office's texts for deleting a booking and changing its status: a module of their own, not in MESSAGES, so the
 * dashboard's first load does not download every other text for these three (nor the public pages these).
 */
export const OFFICE_BOOKING_MESSAGES = {
  deleteBookingFailed: "Failed to delete booking.",
  statusUpdateFailed: "Failed to update booking status.",
  confirmDeleteBooking: "Are you sure you want to delete this booking?",
} as const;
