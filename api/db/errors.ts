const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  // Class 08, connection exceptions (e.g. 08006 connection_failure, 08001 cannot connect).
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  // Server-side: too many connections, shutting down, starting up, crash recovery.
  "53300",
  "57P01",
  "57P02",
  "57P03",
]);

/** True when the database could not be reached at all (answer 503), as opposed to a query failing. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && CONNECTION_CODES.has(code);
}

/** Postgres' unique_violation, e.g. two services racing for the same id. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}

/**
 * Postgres' data exceptions (SQLSTATE class 22: a value out of range, not a valid date, number or text for
 * its type). Validation should refuse such values first; when one slips through, the value is at fault,
 * not the server.
 */
export function isDataException(error: unknown): error is { code: string } {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code);
}
