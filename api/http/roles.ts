import type { Handler, MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.ts";

/**
 * Who may call a route: anyone (`public`), a signed-in customer, any signed-in staff member (`technician` and up),
 * the office (`admin`: owners and admins), or owners only. Every API route declares one, where it is registered:
 * the auth middleware carries its role, and a public route's handler is marked with `publicRoute`.
 */
export const ROUTE_ROLES = ["public", "customer", "technician", "admin", "owner"] as const;
export type RouteRole = (typeof ROUTE_ROLES)[number];

const ROLE = Symbol.for("clearflow.routeRole");

type Tagged = { [ROLE]?: RouteRole };

/** Marks a handler or middleware with the role of the routes it stands on (no cost when a request runs). */
export function withRole<H extends Handler | MiddlewareHandler>(role: RouteRole, handler: H): H {
  (handler as H & Tagged)[ROLE] = role;
  return handler;
}

/**
 * Anyone may call this route: the first middleware of a public route says so where it is registered, as
 * requireStaff and requireAdmin do for theirs. It only passes the request on.
 */
export const publicRoute: MiddlewareHandler<AppEnv> = withRole("public", async (_c, next) => {
  await next();
});

export interface RegisteredRoute {
  method: string;
  path: string;
  handler: unknown;
}

export interface RoleTableRow {
  method: string;
  path: string;
  /** What its handlers and the middleware covering it declare: exactly one, for a route that declares its role. */
  roles: RouteRole[];
}

/** True when the path pattern of a middleware (`/api/staff/*`) covers a route's path. */
function covers(pattern: string, path: string): boolean {
  if (pattern === path) return true;
  if (!pattern.endsWith("/*")) return false;
  const prefix = pattern.slice(0, -2);
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * The app's API routes (Hono's `app.routes`), one row per method and path, each with the roles it declares: its own
 * handlers' and those of the middleware (`app.use`, method ALL) that covers it. An ALL entry is no route: it is
 * middleware, or the catch-all that answers unknown API paths with 404.
 */
export function roleTable(routes: readonly RegisteredRoute[]): RoleTableRow[] {
  const api = routes.filter((r) => r.path === "/api" || r.path.startsWith("/api/"));
  const roleOf = (handler: unknown) => (handler as Tagged | null)?.[ROLE] ?? null;
  const rows = new Map<string, RoleTableRow>();
  for (const route of api) {
    if (route.method === "ALL") continue;
    const key = `${route.method} ${route.path}`;
    const row = rows.get(key) ?? { method: route.method, path: route.path, roles: [] };
    const role = roleOf(route.handler);
    if (role && !row.roles.includes(role)) row.roles.push(role);
    rows.set(key, row);
  }
  for (const row of rows.values()) {
    for (const middleware of api) {
      const role = roleOf(middleware.handler);
      if (middleware.method !== "ALL" || role === null) continue;
      if (covers(middleware.path, row.path) && !row.roles.includes(role)) row.roles.push(role);
    }
  }
  return [...rows.values()];
}
