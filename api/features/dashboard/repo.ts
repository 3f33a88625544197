import type { Sql } from "../../db/client.ts";

/** The booking figures of the office's dashboard, each one aggregate over every booking. */
export interface BookingFigures {
  totalBookings: number;
  pendingBookings: number;
  completed: number;
  /** The server's prices of the bookings not cancelled, in cents. */
  bookedValueCents: number;
}

export interface DashboardRepo {
  bookingFigures(): Promise<BookingFigures>;
}

export function createDashboardRepo(sql: Sql): DashboardRepo {
  return {
    async bookingFigures() {
      // One pass over the table; prices are dollars with cents (numeric), summed exactly and then made cents.
      const [row] = await sql<{ total: number; pending: number; completed: number; booked: string }[]>`
        select count(*)::int as total,
               count(*) filter (where status = 'pending')::int as pending,
               count(*) filter (where status = 'completed')::int as completed,
               (coalesce(sum(estimated_price) filter (where status <> 'cancelled'), 0) * 100)::bigint::text as booked
        from bookings`;
      return {
        totalBookings: row!.total,
        pendingBookings: row!.pending,
        completed: row!.completed,
        bookedValueCents: Number(row!.booked),
      };
    },
  };
}
