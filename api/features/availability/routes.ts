import { publicRoute } from "../../http/roles.ts";
import { Hono } from "hono";
import { localeOfAcceptLanguage } from "../../contracts/i18n/locales.ts";
import { dateRefusal } from "../../contracts/schedule/date-problems.ts";
import { dateProblemIn } from "../../contracts/schedule/date-problems-in.ts";
import type { Availability } from "../../contracts/bookings/booking.ts";
import { slotsOnDate, weekSlots } from "../../contracts/schedule/dates.ts";
import type { Settings } from "../../contracts/settings/settings.ts";
import { AvailabilityQuerySchema } from "../../contracts/bookings/schemas.ts";
import type { Clock } from "../../platform/clock.ts";
import type { AppEnv } from "../../http/env.ts";
import { validateQuery } from "../../http/validate.ts";
import type { AvailabilityRepo } from "./repo.ts";

export interface AvailabilityDeps {
  repo: AvailabilityRepo;
  clock: Clock;
  /** The business settings of now: hours, closed dates, capacity, lead time, horizon. */
  settings: () => Promise<Settings>;
  businessTz: string;
}

/**
 * /api/availability?date=YYYY-MM-DD: the slots of a day by the settings' hours and how many places each has left.
 * A closed day lists no place left: in the slots its weekday has, or in the week's slots for a closed weekday
 * (SPEC's closed Saturday lists the 13 hours with none free). The closed reason is in the language the page asks
 * in (Accept-Language), as a refusal of the booking would be.
 */
export function availabilityRoutes({ repo, clock, settings, businessTz }: AvailabilityDeps) {
  return new Hono<AppEnv>().get("/", publicRoute, validateQuery(AvailabilityQuerySchema), async (c) => {
    const { date } = c.req.valid("query");
    const rules = await settings();
    const refusal = dateRefusal(date, rules, businessTz, clock.now());
    const daySlots = slotsOnDate(date, rules);
    const times = daySlots.length > 0 ? daySlots : weekSlots(rules);
    const taken = refusal ? new Map<string, number>() : await repo.takenByTime(date);
    const capacity = rules.slotCapacity;
    const body: Availability = {
      date,
      closedReason: refusal
        ? dateProblemIn(localeOfAcceptLanguage(c.req.header("Accept-Language")), refusal.problem, rules, date)
        : null,
      slots: times.map((time) => ({
        time,
        capacity,
        remaining: refusal ? 0 : Math.max(0, capacity - (taken.get(time) ?? 0)),
      })),
    };
    // Places change with every booking: a cached answer would offer full slots.
    c.header("Cache-Control", "no-store");
    return c.json(body);
  });
}
