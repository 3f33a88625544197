import type { Sql } from "../../db/client.ts";

export interface AvailabilityRepo {
  /** Active (not cancelled) bookings per time label on a date. */
  takenByTime(date: string): Promise<Map<string, number>>;
}

export function createAvailabilityRepo(sql: Sql): AvailabilityRepo {
  return {
    async takenByTime(date) {
      const rows = await sql<{ time: string; count: number }[]>`
        select cleaning_time as time, count(*)::int as count from bookings
        where cleaning_date = ${date} and status <> 'cancelled'
        group by cleaning_time`;
      return new Map(rows.map((r) => [r.time, r.count]));
    },
  };
}
