import { createMiddleware } from "hono/factory";
import { Unauthorized } from "../errors.ts";
import type { AppEnv } from "./env.ts";
import type { TokenService } from "../platform/tokens.ts";

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

/** Reads `Authorization: Bearer <jwt>` and lets the request through only for a valid admin token. */
export function requireAdmin(tokens: TokenService) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const match = BEARER.exec(c.req.header("Authorization") ?? "");
    const admin = match ? await tokens.authenticate(match[1]!) : null;
    if (!admin) throw new Unauthorized();
    const { expiresAt: _, ...user } = admin;
    c.set("admin", user);
    await next();
  });
}
