import type { Logger } from "../platform/log.ts";

/** Keeps test output readable; errors still surface through the assertions. */
export const silentLogger: Logger = { info: () => {}, error: () => {} };

/** A logger that remembers what it was given (tests). */
export function memoryLogger(): Logger & { lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  return {
    lines,
    info: (fields) => lines.push({ level: "info", ...fields }),
    error: (fields) => lines.push({ level: "error", ...fields }),
  };
}
