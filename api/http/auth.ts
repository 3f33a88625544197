import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { isAdminRole, type StaffRole } from "../contracts/staff/staff.ts";
import { Forbidden, SetupRequired, Unauthorized } from "../errors.ts";
import type { AppEnv } from "./env.ts";
import type { TokenService } from "../platform/tokens.ts";
import { type CustomerSessions, isCustomerToken } from "../platform/customer-sessions.ts";
import { withRole } from "./roles.ts";
import { customerCookie, isUnsafeMethod, requireSameOrigin } from "./customer-cookie.ts";

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

const bearerOf = (header: string | undefined) => BEARER.exec(header ?? "")?.[1] ?? null;

/** Where a session waiting for its second factor may still go: setting one up, and signing out. */
const SETUP_PATHS = /^\/api\/(account\/totp(\/confirm)?|account\/passkeys(\/.*)?|auth\/logout)$/;

/** Told of each request of a session (its last seen time and address). */
export type SessionSeen = (sessionId: string, c: Context<AppEnv>) => void;

/**
 * Reads `Authorization: Bearer <jwt>` and lets the request through for a valid token whose role `allowed` accepts:
 * 401 without a valid token, 403 `{ message }` for a signed-in person whose role may not do it (a customer's valid
 * session included). The who-may-call-what of every route is one of the three below.
 */
export function requireRole(
  tokens: TokenService,
  allowed: (role: StaffRole) => boolean,
  customers?: Pick<CustomerSessions, "authenticate">,
  seen?: SessionSeen,
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerOf(c.req.header("Authorization"));
    if (token && isCustomerToken(token)) throw new Unauthorized();
    if (!token) {
      // A customer is signed in on this browser, but not as staff: refused as anyone else whose role may not.
      const session = customerCookie(c);
      if (session && customers && (await customers.authenticate(session))) throw new Forbidden();
      throw new Unauthorized();
    }
    const admin = token ? await tokens.authenticate(token) : null;
    if (!admin) throw new Unauthorized();
    if (admin.setupRequired && !SETUP_PATHS.test(c.req.path)) throw new SetupRequired();
    if (!allowed(admin.role)) throw new Forbidden();
    const { expiresAt: _, issuedAt, sessionId, setupRequired: _setup, ...user } = admin;
    c.set("user", user);
    c.set("session", { id: sessionId, issuedAt });
    if (sessionId) seen?.(sessionId, c);
    await next();
  });
}

/** Owners and admins: everything that runs the business. A technician or a customer gets 403. */
export function requireAdmin(
  tokens: TokenService,
  customers?: Pick<CustomerSessions, "authenticate">,
  seen?: SessionSeen,
) {
  return withRole("admin", requireRole(tokens, isAdminRole, customers, seen));
}

/** Any signed-in staff member, technicians included (their own jobs, their own session); a customer gets 403. */
export function requireStaff(
  tokens: TokenService,
  customers?: Pick<CustomerSessions, "authenticate">,
  seen?: SessionSeen,
) {
  return withRole(
    "technician",
    requireRole(tokens, () => true, customers, seen),
  );
}

/** Owners only (Settings → Security, everyone's sessions). */
export function requireOwner(
  tokens: TokenService,
  customers?: Pick<CustomerSessions, "authenticate">,
  seen?: SessionSeen,
) {
  return withRole(
    "owner",
    requireRole(tokens, (role) => role === "owner", customers, seen),
  );
}

/**
 * A signed-in customer (the portal): their session, from its cookie, scoped to their e-mail address, in
 * `c.get("customer")`. 401 without a valid session; 403 for a valid staff token, which opens no customer's page, and
 * for a write that did not come from the site's own pages (`publicOrigin`, or this host), since the browser sends the
 * cookie by itself.
 */
export function requireCustomer(
  customers: Pick<CustomerSessions, "authenticate">,
  tokens: TokenService,
  publicOrigin: string,
) {
  return withRole(
    "customer",
    createMiddleware<AppEnv>(async (c, next) => {
      const bearer = bearerOf(c.req.header("Authorization"));
      // A staff member's token is theirs whatever cookie the browser also holds: staff open no customer's page.
      if (bearer && !isCustomerToken(bearer) && (await tokens.authenticate(bearer))) throw new Forbidden();
      const token = customerCookie(c);
      if (!token) throw new Unauthorized();
      if (isUnsafeMethod(c.req.method)) requireSameOrigin(c, publicOrigin);
      const session = await customers.authenticate(token);
      if (!session) throw new Unauthorized();
      c.set("customer", session);
      await next();
    }),
  );
}

/** Runs a step-up guard inside a handler, for a change that is a step-up action only in some cases. */
export const stepUp = (c: Context<AppEnv>, guard: MiddlewareHandler<AppEnv>) => guard(c, () => Promise.resolve());
