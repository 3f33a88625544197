/** Answer of every mutation: `{ data: entity }`. */
export interface DataEnvelope<T> {
  data: T;
}

/** Answer of every error. */
export interface ErrorBody {
  message: string;
  issues?: { path: string; message: string }[];
  /** A refused stale write: the record as it is now, for the client to show or merge. */
  current?: unknown;
  /** A refused move of the dispatch board: what it ran into (MoveRefusal). */
  conflict?: { kind: string; bookingId?: string };
}
