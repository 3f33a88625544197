import type { BoardBooking, BoardTechnician, MoveRequest } from "@contracts/schedule/board.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { failureText } from "../../lib/http.ts";
import { useSocketEvent } from "../../lib/socketEvents.ts";
import { fetchBoard, moveBooking } from "./api.ts";
import { drawn, emptyMoves, outcomeOfError, reloaded, settled, started, type MovesState } from "./moves.ts";

export interface BoardData {
  /** The range the data is of; null until the first answer for the range asked. */
  range: string | null;
  technicians: BoardTechnician[];
  /** The jobs as drawn: moves under way stand where they were dropped. */
  bookings: BoardBooking[];
  pending: ReadonlyMap<string, MoveRequest>;
  notes: ReadonlyMap<string, string>;
  error: string | null;
  reload: () => void;
  move: (booking: BoardBooking, move: MoveRequest) => void;
  dismissNote: (bookingId: string) => void;
}

/**
 * The board's data for `from`..`to`: read on open, again on every change another screen makes (live events) and
 * on reconnection; only the newest read is kept, so a slow answer never draws over a newer one.
 */
export function useBoard(from: string, to: string): BoardData {
  const range = `${from}..${to}`;
  const [technicians, setTechnicians] = useState<BoardTechnician[]>([]);
  const [moves, setMoves] = useState<MovesState>(emptyMoves);
  const [loadedRange, setLoadedRange] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reads = useRef(0);

  const reload = useCallback(() => {
    const read = ++reads.current;
    fetchBoard(from, to).then(
      (board) => {
        if (read !== reads.current) return;
        setTechnicians(board.technicians);
        setMoves((state) => reloaded(state, board.bookings));
        setLoadedRange(`${from}..${to}`);
        setError(null);
      },
      (e: unknown) => {
        if (read !== reads.current) return;
        setError(failureText(e, { otherwise: "The board could not be loaded." }));
      },
    );
  }, [from, to]);
  useEffect(reload, [reload]);

  useSocketEvent("bookingUpdated", reload);
  useSocketEvent("newBooking", reload);
  useSocketEvent("bookingDeleted", reload);
  useSocketEvent("connect", reload);

  const move = useCallback((booking: BoardBooking, request: MoveRequest) => {
    setMoves((state) => started(state, booking._id, request));
    moveBooking(booking._id, request).then(
      (moved) => setMoves((state) => settled(state, booking._id, { kind: "moved", booking: moved })),
      (e: unknown) => setMoves((state) => settled(state, booking._id, outcomeOfError(e))),
    );
  }, []);

  // The drive minutes around both places are the server's to work out: read again once a move is answered.
  const underWay = moves.pending.size;
  const before = useRef(underWay);
  useEffect(() => {
    if (underWay < before.current) reload();
    before.current = underWay;
  }, [underWay, reload]);

  const dismissNote = useCallback((bookingId: string) => {
    setMoves((state) => {
      const notes = new Map(state.notes);
      notes.delete(bookingId);
      return { ...state, notes };
    });
  }, []);

  return {
    range: loadedRange === range ? range : null,
    technicians,
    bookings: drawn(moves),
    pending: moves.pending,
    notes: moves.notes,
    error,
    reload,
    move,
    dismissNote,
  };
}
