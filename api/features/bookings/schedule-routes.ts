import { Hono, type MiddlewareHandler } from "hono";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { DaySchedule } from "../../contracts/bookings/day-schedule.ts";
import { byVisit } from "../../contracts/schedule/dates.ts";
import { ScheduleQuerySchema } from "../../contracts/bookings/schemas.ts";
import type { AppEnv } from "../../http/env.ts";
import { validateQuery } from "../../http/validate.ts";
import type { BookingsRepo } from "./repo.ts";

export interface ScheduleDeps {
  repo: Pick<BookingsRepo, "listDay" | "activeTechnicians">;
  requireAdmin: MiddlewareHandler<AppEnv>;
}

/**
 * /api/schedule?date=YYYY-MM-DD, for admins: the day's jobs (not cancelled), one column per active technician (in
 * name order) plus the unassigned ones. A job of a technician no longer active keeps a column of its own, so it is
 * never hidden.
 */
export function scheduleRoutes({ repo, requireAdmin }: ScheduleDeps) {
  return new Hono<AppEnv>().get("/", requireAdmin, validateQuery(ScheduleQuerySchema), async (c) => {
    const { date } = c.req.valid("query");
    const [jobs, technicians] = await Promise.all([repo.listDay(date), repo.activeTechnicians()]);
    const columns = new Map<string, DaySchedule["technicians"][number]>(
      technicians.map((technician) => [technician._id, { technician, jobs: [] }]),
    );
    const unassigned: Booking[] = [];
    // By time of their slot, then as they came in (the sort is stable).
    for (const job of [...jobs].sort(byVisit)) {
      if (!job.technicianId) {
        unassigned.push(job);
        continue;
      }
      let column = columns.get(job.technicianId);
      if (!column) {
        column = {
          technician: { _id: job.technicianId, name: job.technicianName ?? "", color: "#6b7280" },
          jobs: [],
        };
        columns.set(job.technicianId, column);
      }
      column.jobs.push(job);
    }
    const body: DaySchedule = { date, technicians: [...columns.values()], unassigned };
    return c.json(body);
  });
}
