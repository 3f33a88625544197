/** The time source; tests pass a fixed one so date rules and token expiry are deterministic. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
