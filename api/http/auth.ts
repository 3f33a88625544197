import { createMiddleware } from "hono/factory";
import { isAdminRole, type StaffRole } from "../contracts/staff/staff.ts";
import { Forbidden, Unauthorized } from "../errors.ts";
import type { AppEnv } from "./env.ts";
import type { TokenService } from "../platform/tokens.ts";
import { withRole } from "./roles.ts";

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

/**
 * Reads `Authorization: Bearer <jwt>` and lets the request through for a valid token whose role `allowed` accepts:
 * 401 without a valid token, 403 `{ message }` for a signed-in person whose role may not do it. The who-may-call-what
 * of every route is one of the two below.
 */
export function requireRole(tokens: TokenService, allowed: (role: StaffRole) => boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const match = BEARER.exec(c.req.header("Authorization") ?? "");
    const admin = match ? await tokens.authenticate(match[1]!) : null;
    if (!admin) throw new Unauthorized();
    if (!allowed(admin.role)) throw new Forbidden();
    const { expiresAt: _, ...user } = admin;
    c.set("user", user);
    await next();
  });
}

/** Owners and admins: everything that runs the business. A technician gets 403. */
export function requireAdmin(tokens: TokenService) {
  return withRole("admin", requireRole(tokens, isAdminRole));
}

/** Any signed-in staff member, technicians included (their own jobs, their own session). */
export function requireStaff(tokens: TokenService) {
  return withRole(
    "technician",
    requireRole(tokens, () => true),
  );
}
