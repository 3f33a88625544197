import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./env.ts";
import type { Logger } from "./log.ts";

/**
 * One line per request with method, path, status and duration. The path is logged without its query
 * string and no header or body is logged, so passwords and tokens never reach the log.
 */
export function requestLog(log: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    log.info({
      msg: "request",
      requestId: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });
}
