import type { Booking } from "@contracts/bookings/booking.ts";
import type { BoardBooking, ConflictKind, MoveRefusal, MoveRequest } from "@contracts/schedule/board.ts";
import { ApiError, failureText } from "../../lib/http.ts";

/**
 * A move as the board lives it: drawn at once where it was dropped (optimistic), then either kept with the server's
 * booking or snapped back with the server's words beside the card. Pure, so each step is tested without a browser.
 */

export interface MovesState {
  bookings: BoardBooking[];
  /** Moves sent and not yet answered, by booking. */
  pending: ReadonlyMap<string, MoveRequest>;
  /** The last refusal's words beside a card, by booking (cleared when the card moves again). */
  notes: ReadonlyMap<string, string>;
}

export const emptyMoves = (bookings: BoardBooking[] = []): MovesState => ({
  bookings,
  pending: new Map(),
  notes: new Map(),
});

/** The move a drop makes, or null when the card was put back where it was. */
export function moveFor(
  booking: BoardBooking,
  target: { technicianId: string | null; date: string; time: string },
): MoveRequest | null {
  if (
    booking.technicianId === target.technicianId &&
    booking.cleaningDate === target.date &&
    booking.cleaningTime === target.time
  ) {
    return null;
  }
  return { ...target, expectedVersion: booking.version };
}

/** The bookings as drawn: each one with a move under way stands where it was dropped. */
export function drawn(state: MovesState): BoardBooking[] {
  if (state.pending.size === 0) return state.bookings;
  return state.bookings.map((b) => {
    const move = state.pending.get(b._id);
    if (!move) return b;
    // The drive to it is the server's to work out; until the answer the card shows none.
    return {
      ...b,
      technicianId: move.technicianId,
      cleaningDate: move.date,
      cleaningTime: move.time,
      travelMinutesBefore: null,
    };
  });
}

export function started(state: MovesState, bookingId: string, move: MoveRequest): MovesState {
  const pending = new Map(state.pending).set(bookingId, move);
  const notes = new Map(state.notes);
  notes.delete(bookingId);
  return { ...state, pending, notes };
}

export type MoveOutcome =
  | { kind: "moved"; booking: Booking }
  | { kind: "refused"; message: string; conflict: ConflictKind }
  | { kind: "stale"; message: string; current: Booking | null }
  | { kind: "failed"; message: string };

const isRefusal = (body: unknown): body is MoveRefusal =>
  typeof body === "object" && body !== null && typeof (body as MoveRefusal).conflict?.kind === "string";

/** What a failed move's error means for the card. */
export function outcomeOfError(error: unknown): MoveOutcome {
  if (error instanceof ApiError && error.status === 409) {
    if (isRefusal(error.body))
      return { kind: "refused", message: error.body.message, conflict: error.body.conflict.kind };
    const current = (error.body?.current ?? null) as Booking | null;
    return {
      kind: "stale",
      message: "Someone changed this job meanwhile: it is shown as it is now. Move it again if needed.",
      current,
    };
  }
  return { kind: "failed", message: failureText(error, { otherwise: "The job could not be moved." }) };
}

/** Keeps what the server decided: the moved booking, or the card back where it was with the words beside it. */
export function settled(state: MovesState, bookingId: string, outcome: MoveOutcome): MovesState {
  const pending = new Map(state.pending);
  pending.delete(bookingId);
  const notes = new Map(state.notes);
  let bookings = state.bookings;
  const patch = (b: Booking) => {
    bookings = bookings.map((old) => (old._id === b._id ? { ...old, ...b, travelMinutesBefore: null } : old));
  };
  if (outcome.kind === "moved") {
    patch(outcome.booking);
    notes.delete(bookingId);
  } else {
    if (outcome.kind === "stale" && outcome.current) patch(outcome.current);
    notes.set(bookingId, outcome.message);
  }
  return { bookings, pending, notes };
}

/** A fresh read of the board: moves still under way keep their place, notes stay with cards still shown. */
export function reloaded(state: MovesState, bookings: BoardBooking[]): MovesState {
  const ids = new Set(bookings.map((b) => b._id));
  const notes = new Map([...state.notes].filter(([id]) => ids.has(id)));
  return { ...state, bookings, notes };
}
