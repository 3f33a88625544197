import type { Booking } from "@contracts/bookings/booking.ts";
import { roundCents } from "@contracts/common/money.ts";

export interface DashboardStats {
  total: number;
  pending: number;
  completed: number;
  revenue: number;
}

/** The four stat cards. Revenue is the sum of estimatedPrice, a missing price counted as 0 (SPEC §9). */
export function computeStats(bookings: readonly Booking[]): DashboardStats {
  let pending = 0;
  let completed = 0;
  let revenue = 0;
  for (const b of bookings) {
    if (b.status === "pending") pending += 1;
    if (b.status === "completed") completed += 1;
    const price = Number(b.estimatedPrice);
    revenue += Number.isFinite(price) ? price : 0;
  }
  return { total: bookings.length, pending, completed, revenue: roundCents(revenue) };
}
