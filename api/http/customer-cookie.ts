import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { CUSTOMER_SESSION_COOKIE, PORTAL_MESSAGES } from "../contracts/portal/portal.ts";
import { Forbidden } from "../errors.ts";

/**
 * The customer's session travels as a cookie the page's script never sees (HttpOnly), sent only over TLS or to
 * localhost (Secure, and the `__Host-` prefix: no Domain, Path=/, so no sub-domain can set or read it), and not on a
 * cross-site sub-request or form post (SameSite=Lax); a navigation from an e-mail carries it, so the server can render
 * the page with the customer's visits.
 */
const OPTIONS = { httpOnly: true, secure: true, sameSite: "Lax", path: "/", prefix: "host" } as const;

/** Kept by the browser as long as the session lasts on the server (`now`: the server's clock). */
export function setCustomerCookie(c: Context, token: string, expiresAt: Date, now: Date): void {
  setCookie(c, CUSTOMER_SESSION_COOKIE, token, {
    ...OPTIONS,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

export function clearCustomerCookie(c: Context): void {
  deleteCookie(c, CUSTOMER_SESSION_COOKIE, OPTIONS);
}

export function customerCookie(c: Context): string | undefined {
  return getCookie(c, CUSTOMER_SESSION_COOKIE, "host");
}

/** The request method changes something: a cookie alone must not be enough for it. */
export const isUnsafeMethod = (method: string) => method !== "GET" && method !== "HEAD" && method !== "OPTIONS";

/**
 * A write the browser sends with the cookie by itself must come from our own pages: its `Origin` (which browsers send
 * with every POST, PUT and DELETE) names this host (the Host the request came to, behind the proxy too, since nginx
 * passes it on) or the site's public address. A cross-site form post, or a request with no Origin, is 403.
 */
export function requireSameOrigin(c: Context, publicOrigin: string): void {
  const origin = c.req.header("Origin");
  if (!origin || origin === "null") throw new Forbidden(PORTAL_MESSAGES.crossSite);
  if (origin === publicOrigin) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw new Forbidden(PORTAL_MESSAGES.crossSite);
  }
  const own = c.req.header("Host") ?? new URL(c.req.url).host;
  if (host.toLowerCase() !== own.toLowerCase()) throw new Forbidden(PORTAL_MESSAGES.crossSite);
}
