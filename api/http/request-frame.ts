import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./env.ts";
import type { Logger } from "../platform/log.ts";
import { assignRequestId } from "./request-id.ts";
import { logRequest } from "./request-log.ts";
import { type SecurityHeaderOptions, securityHeaders } from "./security-headers.ts";

/**
 * What every request gets, whatever answers it: its id, the security headers and its log line. One middleware
 * rather than three, as each middleware is one more async frame on every request, the cached reads included.
 */
export function requestFrame(log: Logger, options: SecurityHeaderOptions) {
  const secure = securityHeaders(options);
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    assignRequestId(c);
    const setHeadersOnResponse = secure(c);
    await next();
    setHeadersOnResponse?.();
    logRequest(log, c, started);
  });
}
