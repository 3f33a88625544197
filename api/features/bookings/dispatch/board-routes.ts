import { Hono, type MiddlewareHandler } from "hono";
import type { RouteApplied, RouteProposal, ScheduleBoard } from "../../../contracts/schedule/board.ts";
import { BoardQuerySchema, RouteApplySchema, RouteRequestSchema } from "../../../contracts/schedule/board-schemas.ts";
import { closedDayProblem, slotsOnDate, weekdayOf } from "../../../contracts/schedule/dates.ts";
import { WEEKDAYS } from "../../../contracts/schedule/rules.ts";
import { staffActor } from "../../../contracts/common/actor.ts";
import { MESSAGES } from "../../../contracts/common/messages.ts";
import type { Settings } from "../../../contracts/settings/settings.ts";
import { BadRequest } from "../../../errors.ts";
import type { AppEnv } from "../../../http/env.ts";
import { validateJson, validateQuery } from "../../../http/validate.ts";
import type { BookingExecutor } from "../command/executor.ts";
import { scheduleBoard } from "./board.ts";
import { dayJobOf } from "./day.ts";
import { placesFor } from "./places.ts";
import type { DispatchRepo } from "./repo.ts";
import { proposeRoute } from "./route-plan.ts";

export interface BoardDeps {
  dispatch: DispatchRepo;
  bookings: Pick<BookingExecutor, "dispatchAll">;
  settings: () => Promise<Settings>;
  requireAdmin: MiddlewareHandler<AppEnv>;
}

/** The address key the business's own address stands under (no booking's key looks like it). */
const BUSINESS_KEY = "\u0000business";

/**
 * /api/schedule/board, /route and /route/apply, for admins: the dispatch board's data, a better order of one
 * technician's day, and that order applied (every change through the booking command's move).
 */
export function boardRoutes({ dispatch, bookings, settings, requireAdmin }: BoardDeps) {
  return new Hono<AppEnv>()
    .get("/board", requireAdmin, validateQuery(BoardQuerySchema), async (c) => {
      const { from, to } = c.req.valid("query");
      const rules = await settings();
      const [rows, technicians, places] = await Promise.all([
        dispatch.range(from, to),
        dispatch.technicians(),
        placesFor(rules.profile.zip),
      ]);
      return c.json<ScheduleBoard>(scheduleBoard({ from, to, technicians, rows, settings: rules, places }));
    })
    .post("/route", requireAdmin, validateJson(RouteRequestSchema), async (c) => {
      const { technicianId, date } = c.req.valid("json");
      const rules = await settings();
      const [technician, rows, others, places] = await Promise.all([
        dispatch.technician(technicianId),
        dispatch.dayJobs(dispatch.sql, technicianId, date),
        dispatch.slotCountsWithout(date, technicianId),
        placesFor(rules.profile.zip),
      ]);
      if (!technician) throw new BadRequest(MESSAGES.notATechnician);
      const jobs = rows.map((row) => ({
        ...dayJobOf(row, rules, places),
        cleaningTime: row.cleaningTime,
        version: row.version,
      }));
      const hours = technician.hours.week[WEEKDAYS[weekdayOf(date)]!];
      // A started, completed or closed day's jobs stay where they are: only a day still to come is reordered.
      const fixed =
        rows.some((r) => r.visitStage !== "scheduled" || (r.status !== "pending" && r.status !== "confirmed")) ||
        !hours ||
        technician.hours.daysOff.includes(date) ||
        closedDayProblem(date, rules) !== null;
      const current = [...jobs].sort((a, b) => a.start - b.start).map((j) => j._id);
      const proposal: RouteProposal = fixed
        ? { order: current, minutesSaved: 0, moves: [] }
        : proposeRoute({
            technicianId,
            date,
            jobs,
            home: places.place(rules.profile.zip, BUSINESS_KEY),
            slots: slotsOnDate(date, rules),
            room: (slot) => rules.slotCapacity - (others.get(slot) ?? 0),
            hours,
            travel: rules.travel,
          });
      return c.json(proposal);
    })
    .post("/route/apply", requireAdmin, validateJson(RouteApplySchema), async (c) => {
      const { moves } = c.req.valid("json");
      const applied = await bookings.dispatchAll(moves, staffActor(c.get("user")));
      return c.json<RouteApplied>({ bookings: applied });
    });
}
