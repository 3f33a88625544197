import { request } from "./http.ts";

/** How long a read started early waits to be taken: past it, the screen reads afresh. */
export const EARLY_READ_MAX_AGE_MS = 10_000;

/** Reads started before their screen's code had come, each taken once by the screen. */
const early = new Map<string, { at: number; answer: Promise<unknown> }>();

/**
 * Starts the staff read of `path` now, while the screen that needs it is still on its way (the shell knows the
 * screen being opened before its chunk has come): the screen then waits one round trip less for its first rows.
 */
export function readEarly(path: string): void {
  const answer = request(path, { auth: true });
  // Never taken (the screen did not open), its failure must not be reported as unhandled.
  answer.catch(() => undefined);
  early.set(path, { at: Date.now(), answer });
}

/** The read of `path` started early, if one is waiting and recent; the caller reads itself otherwise. */
export function takeEarly<T>(path: string): Promise<T> | undefined {
  const started = early.get(path);
  early.delete(path);
  if (!started || Date.now() - started.at > EARLY_READ_MAX_AGE_MS) return undefined;
  return started.answer as Promise<T>;
}
