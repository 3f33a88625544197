import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import { observeRequest } from "../platform/metrics.ts";
import { inSpan, parentFrom, SpanKind, SpanStatusCode, tracingEnabled } from "../platform/tracing.ts";
import { requestHeader } from "./node-response.ts";
import type { AppEnv } from "./env.ts";
import type { Logger } from "../platform/log.ts";
import { assignRequestId } from "./request-id.ts";
import { logRequest } from "./request-log.ts";
import { type SecurityHeaderOptions, securityHeaders } from "./security-headers.ts";

/**
 * What every request gets, whatever answers it: its id, the security headers, its log line and its metrics. One middleware
 * rather than three, as each middleware is one more async frame on every request, the cached reads included.
 */
export function requestFrame(log: Logger, options: SecurityHeaderOptions) {
  const secure = securityHeaders(options);
  const frame = createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    assignRequestId(c);
    const setHeadersOnResponse = secure(c);
    await next();
    setHeadersOnResponse?.();
    logRequest(log, c, started);
    // The route's pattern (/api/bookings/:id), never the path: no id or token becomes a label.
    observeRequest(routePath(c) || "unmatched", c.req.method, c.res.status, started);
  });
  if (!tracingEnabled()) return frame;
  // The route's span: the root of what the request does here, or the child of a caller's W3C traceparent. Named by
  // the pattern once routed (ids and tokens stay out of it); the log line inside it carries its trace.
  return createMiddleware<AppEnv>((c, next) =>
    inSpan(
      c.req.method,
      {
        kind: SpanKind.SERVER,
        parent: parentFrom(requestHeader(c, "traceparent")),
        attributes: { "http.request.method": c.req.method },
      },
      async (span) => {
        await frame(c, next);
        const route = routePath(c) || "unmatched";
        span?.updateName(`${c.req.method} ${route}`);
        span?.setAttributes({ "http.route": route, "http.response.status_code": c.res.status });
        if (c.res.status >= 500) span?.setStatus({ code: SpanStatusCode.ERROR });
      },
    ),
  );
}
