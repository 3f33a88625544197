import type { Context } from "hono";
import type { AppEnv } from "./env.ts";
import type { Logger } from "../platform/log.ts";

// The segment after /manage/ (/api/manage/<token>, the page /booking/manage/<token>) is the customer's secret:
// whoever reads it can read, move and cancel that booking. Any case, anywhere in the path, as a mistyped address
// may carry a real token too.
const MANAGE_TOKEN = /(\/manage\/)([^/]+)/gi;

/** The path as logged: a manage token is cut to its first 4 characters, enough to tell two requests apart. */
export function loggedPath(path: string): string {
  return path.replace(MANAGE_TOKEN, (_, manage: string, token: string) => `${manage}${token.slice(0, 4)}…`);
}

/**
 * The request's one log line, once answered: method, path, status and duration. The path is logged without its
 * query string or manage token, and no header or body is logged, so passwords and tokens never reach the log.
 */
export function logRequest(log: Logger, c: Context<AppEnv>, started: number): void {
  log.info({
    msg: "request",
    requestId: c.get("requestId"),
    method: c.req.method,
    path: loggedPath(c.req.path),
    status: c.res.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
  });
}
