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

/** A mutation answers `{ data }`; the board takes the entity either way. */
const unwrap = <T>(answer: T | DataEnvelope<T>): T =>
  typeof answer === "object" && answer !== null && "data" in answer ? (answer as DataEnvelope<T>).data : (answer as T);

/** GET /api/schedule/board: the technicians and the jobs of `from`..`to` (both included). */
export function fetchBoard(from: string, to: string): Promise<ScheduleBoard> {
  return request<ScheduleBoard>(`/api/schedule/board?from=${from}&to=${to}`, { auth: true });
}

/** POST /api/bookings/{id}/move: technician, date and time in one change (409 with the refusal's words). */
export async function moveBooking(id: string, move: MoveRequest): Promise<Booking> {
  const answer = await request<Booking | DataEnvelope<Booking>>(`/api/bookings/${encodeURIComponent(id)}/move`, {
    method: "POST",
    body: move,
    auth: true,
  });
  return unwrap(answer);
}

/** POST /api/schedule/route: a better order of one technician's day. */
export async function proposeRoute(route: RouteRequest): Promise<RouteProposal> {
  const answer = await request<RouteProposal | DataEnvelope<RouteProposal>>("/api/schedule/route", {
    method: "POST",
    body: route,
    auth: true,
  });
  return unwrap(answer);
}

/** POST /api/schedule/route/apply: the proposal's moves, all or none. */
export async function applyRoute(apply: RouteApplyRequest): Promise<RouteApplied> {
  const answer = await request<RouteApplied | DataEnvelope<RouteApplied>>("/api/schedule/route/apply", {
    method: "POST",
    body: apply,
    auth: true,
  });
  return unwrap(answer);
}

/** PUT /api/bookings/{id}/duration: the office's own duration for one job (null: the service's again). */
export async function overrideDuration(id: string, change: DurationOverrideRequest): Promise<Booking> {
  const answer = await request<Booking | DataEnvelope<Booking>>(`/api/bookings/${encodeURIComponent(id)}/duration`, {
    method: "PUT",
    body: change,
    auth: true,
  });
  return unwrap(answer);
}
