/** Answer of every mutation: `{ data: entity }`. */
export interface DataEnvelope<T> {
  data: T;
}

/** Answer of every error. */
export interface ErrorBody {
  message: string;
  issues?: { path: string; message: string }[];
}
