import { Hono } from "hono";
import { dateProblemMessage } from "../../contracts/date-problems.ts";
import type { Availability } from "../../contracts/entities.ts";
import { dateProblem, TIME_SLOTS } from "../../contracts/schedule.ts";
import { AvailabilityQuerySchema } from "../../contracts/schemas.ts";
import type { Clock } from "../../platform/clock.ts";
import type { AppEnv } from "../../http/env.ts";
import { validateQuery } from "../../http/validate.ts";
import type { AvailabilityRepo } from "./repo.ts";

export interface AvailabilityDeps {
  repo: AvailabilityRepo;
  clock: Clock;
  slotCapacity: number;
  businessTz: string;
  horizonDays: number;
}

/** /api/availability?date=YYYY-MM-DD: the 13 slots of a day and how many places each has left. */
export function availabilityRoutes({ repo, clock, slotCapacity, businessTz, horizonDays }: AvailabilityDeps) {
  return new Hono<AppEnv>().get("/", validateQuery(AvailabilityQuerySchema), async (c) => {
    const { date } = c.req.valid("query");
    const problem = dateProblem(date, businessTz, clock.now(), horizonDays);
    const taken = problem ? new Map<string, number>() : await repo.takenByTime(date);
    const body: Availability = {
      date,
      closedReason: problem ? dateProblemMessage(problem, horizonDays) : null,
      slots: TIME_SLOTS.map((time) => ({
        time,
        capacity: slotCapacity,
        remaining: problem ? 0 : Math.max(0, slotCapacity - (taken.get(time) ?? 0)),
      })),
    };
    // Places change with every booking: a cached answer would offer full slots.
    c.header("Cache-Control", "no-store");
    return c.json(body);
  });
}
