import * as v from "valibot";
import { isoDate } from "../common/fields.ts";
import { BOARD_MAX_DAYS, OVERRIDE_MINUTES_LIMITS } from "./board.ts";
import { addDays, isIsoDate } from "./dates.ts";

const bothDates = (q: { from: unknown; to: unknown }) =>
  typeof q.from === "string" && typeof q.to === "string" && isIsoDate(q.from) && isIsoDate(q.to);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const technicianId = v.pipe(v.string("technicianId must be an id"), v.regex(UUID, "technicianId must be an id"));
const bookingId = v.pipe(v.string("bookingId must be an id"), v.regex(UUID, "bookingId must be an id"));
const slot = v.pipe(
  v.string("time must be text"),
  v.regex(/^(1[0-2]|[1-9]):00 (AM|PM)$/, 'time must be a slot like "9:00 AM"'),
);
const expectedVersion = v.pipe(
  v.number("expectedVersion must be a number"),
  v.integer("expectedVersion must be a whole number"),
  v.minValue(1, "expectedVersion must be at least 1"),
);

/** POST /api/bookings/{id}/move (MoveRequest). */
export const MoveRequestSchema = v.strictObject({
  technicianId: v.nullable(technicianId),
  date: isoDate,
  time: slot,
  expectedVersion,
});

/** PUT /api/bookings/{id}/duration (DurationOverrideRequest). */
export const DurationOverrideSchema = v.strictObject({
  minutes: v.nullable(
    v.pipe(
      v.number("Duration must be a number of minutes"),
      v.integer("Duration must be a whole number of minutes"),
      v.minValue(OVERRIDE_MINUTES_LIMITS.min, `Duration must be at least ${OVERRIDE_MINUTES_LIMITS.min} minutes`),
      v.maxValue(OVERRIDE_MINUTES_LIMITS.max, `Duration must be at most ${OVERRIDE_MINUTES_LIMITS.max} minutes`),
    ),
  ),
  expectedVersion,
});

/** GET /api/schedule/board?from=&to=: both ends included, at most BOARD_MAX_DAYS days. */
export const BoardQuerySchema = v.pipe(
  v.object({ from: isoDate, to: isoDate }),
  // The checks run even when a date is not one (its own issue says so): they judge only real dates.
  v.check((q) => !bothDates(q) || q.from <= q.to, "from must not be after to"),
  v.check(
    (q) => !bothDates(q) || q.to <= addDays(q.from, BOARD_MAX_DAYS - 1),
    `The board shows at most ${BOARD_MAX_DAYS} days at a time`,
  ),
);

/** POST /api/schedule/route (RouteRequest). */
export const RouteRequestSchema = v.strictObject({ technicianId, date: isoDate });

/** POST /api/schedule/route/apply (RouteApplyRequest): each booking at most once. */
export const RouteApplySchema = v.strictObject({
  moves: v.pipe(
    v.array(
      v.strictObject({ bookingId, technicianId: v.nullable(technicianId), date: isoDate, time: slot, expectedVersion }),
      "moves must be a list",
    ),
    v.minLength(1, "There is nothing to apply"),
    v.maxLength(50, "At most 50 moves at a time"),
    v.check((moves) => new Set(moves.map((m) => m.bookingId)).size === moves.length, "Each job may move only once"),
  ),
});
