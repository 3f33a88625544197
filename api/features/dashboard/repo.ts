import type { DashboardSummary } from "../../contracts/dashboard/summary.ts";
import type { Sql } from "../../db/client.ts";

/**
 * How far back the fold keeps money by day: more than the longest month and a day, so the first of the month under
 * way is always inside what it keeps.
 */
export const FIGURES_KEPT_MS = 40 * 24 * 60 * 60 * 1000;

export interface DashboardRepo {
  /**
   * The office's figures from the counters the tables' triggers keep (migration 023); "this month" from its first
   * day's midnight in `timeZone`, the business's.
   */
  summary(firstOfMonth: string, timeZone: string): Promise<DashboardSummary>;
  /**
   * Folds the counters' rows into a few: money before `keepFrom` with the counts, and since then by day in
   * `timeZone`, so any month from `keepFrom` on is whole rows.
   */
  fold(keepFrom: Date, timeZone: string): Promise<void>;
}

export function createDashboardRepo(sql: Sql): DashboardRepo {
  return {
    async summary(firstOfMonth, timeZone) {
      // A sum over the few rows the fold leaves and those appended since: its cost does not grow with the history.
      const [row] = await sql<{ [K in keyof DashboardSummary]: string }[]>`
        select coalesce(sum(bookings), 0)::text as "totalBookings",
               coalesce(sum(pending), 0)::text as "pendingBookings",
               coalesce(sum(completed), 0)::text as "completed",
               coalesce(sum(collected_cents), 0)::text as "totalRevenueCents",
               coalesce(sum(booked_cents), 0)::text as "bookedValueCents",
               coalesce(sum(collected_cents) filter (
                 where at >= (${firstOfMonth}::date::timestamp at time zone ${timeZone})), 0)::text
                 as "collectedThisMonthCents"
        from figure_deltas`;
      return {
        totalBookings: Number(row!.totalBookings),
        pendingBookings: Number(row!.pendingBookings),
        completed: Number(row!.completed),
        totalRevenueCents: Number(row!.totalRevenueCents),
        bookedValueCents: Number(row!.bookedValueCents),
        collectedThisMonthCents: Number(row!.collectedThisMonthCents),
      };
    },
    async fold(keepFrom, timeZone) {
      await sql`select fold_figure_deltas(${keepFrom}, ${timeZone})`;
    },
  };
}
