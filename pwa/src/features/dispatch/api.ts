import type { Booking } from "@contracts/bookings/booking.ts";
import type {
  DurationOverrideRequest,
  MoveRequest,
  RouteApplied,
  RouteApplyRequest,
  RouteProposal,
  RouteRequest,
  ScheduleBoard,
} from "@contracts/schedule/board.ts";
import type { DataEnvelope } from "@contracts/common/wire.ts";
import { request } from "../../lib/http.ts";

// Every call here is an office call: it sends the Bearer token, and a 401 ends the session.

/** A change sent as JSON; a mutation answers `{ data }`, a proposal its body: the board takes the entity either way. */
async function send<T>(method: "POST" | "PUT", path: string, body: unknown): Promise<T> {
  const answer = await request<T | DataEnvelope<T>>(path, { method, body, auth: true });
  return typeof answer === "object" && answer !== null && "data" in answer
    ? (answer as DataEnvelope<T>).data
    : (answer as T);
}

/** GET /api/schedule/board: the technicians and the jobs of `from`..`to` (both included). */
export function fetchBoard(from: string, to: string): Promise<ScheduleBoard> {
  return request<ScheduleBoard>(`/api/schedule/board?from=${from}&to=${to}`, { auth: true });
}

const bookingPath = (id: string, what: string) => `/api/bookings/${encodeURIComponent(id)}/${what}`;

/** POST /api/bookings/{id}/move: technician, date and time in one change (409 with the refusal's words). */
export const moveBooking = (id: string, move: MoveRequest) => send<Booking>("POST", bookingPath(id, "move"), move);

/** POST /api/schedule/route: a better order of one technician's day. */
export const proposeRoute = (route: RouteRequest) => send<RouteProposal>("POST", "/api/schedule/route", route);

/** POST /api/schedule/route/apply: the proposal's moves, all or none. */
export const applyRoute = (apply: RouteApplyRequest) => send<RouteApplied>("POST", "/api/schedule/route/apply", apply);

/** PUT /api/bookings/{id}/duration: the office's own duration for one job (null: the service's again). */
export const overrideDuration = (id: string, change: DurationOverrideRequest) =>
  send<Booking>("PUT", bookingPath(id, "duration"), change);
