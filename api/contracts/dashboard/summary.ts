/**
 * GET /api/dashboard/summary: the office's figures, each an SQL aggregate over every booking and payment (none is
 * computed in the browser from a list). The first four are SPEC's cards, in its order and words. Answered as it is
 * (no `data` envelope), as GET /api/reports/summary is.
 */
export interface DashboardSummary {
  /** "Total Bookings": every booking on record. */
  totalBookings: number;
  /** "Pending Bookings". */
  pendingBookings: number;
  /** "Completed". */
  completed: number;
  /** "Total Revenue": money collected, less refunds, in cents. */
  totalRevenueCents: number;
  /** "Booked Value": the server's prices of the bookings not cancelled, in cents. */
  bookedValueCents: number;
  /** "Collected This Month": payments less refunds since the first of this month in the business's zone, in cents. */
  collectedThisMonthCents: number;
}
