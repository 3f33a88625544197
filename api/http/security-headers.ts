import type { Context, MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { IDEMPOTENCY_HEADER } from "./idempotency.ts";
import type { AppEnv } from "./env.ts";
import { nodeOutgoing, requestHeader } from "./node-response.ts";

export const HSTS_VALUE = "max-age=31536000; includeSubDomains";

// A Host header is the client's to choose: only a plain host[:port] may go into the policy.
const PLAIN_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** True when the request reached us over TLS: its own URL, or the proxy's word for it when we trust the proxy. */
export function isHttps(c: Context, trustProxy: boolean): boolean {
  // The request URL is always absolute with a lowercase scheme: no need to parse it on every request.
  if (c.req.url.startsWith("https:")) return true;
  if (!trustProxy) return false;
  return requestHeader(c, "x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

/** The policy's directives; `connect-src` is completed per Host (see connectSources). */
const CSP_DIRECTIVES: [string, string[]][] = [
  ["default-src", ["'self'"]],
  ["script-src", ["'self'"]],
  ["style-src", ["'self'"]],
  // Admins may give a service an https image URL of their choosing (see ServiceInputSchema). A job's photos are
  // shown from blob: URLs: fetched with the staff token, or still on the device waiting to be sent.
  ["img-src", ["'self'", "data:", "blob:", "https:"]],
  ["connect-src", []],
  ["font-src", ["'self'"]],
  ["worker-src", ["'self'"]],
  ["manifest-src", ["'self'"]],
  ["object-src", ["'none'"]],
  ["frame-src", ["'none'"]],
  ["frame-ancestors", ["'none'"]],
  ["base-uri", ["'self'"]],
  ["form-action", ["'self'"]],
];

/**
 * `connect-src`: our origin and its WebSocket (Socket.IO). 'self' covers same-origin ws: in current
 * browsers; the explicit ws/wss origin keeps older ones working too.
 */
function connectSources(host: string, https: boolean): string {
  if (!PLAIN_HOST.test(host)) return "'self'";
  return `'self' ${https ? "wss" : "ws"}://${host.toLowerCase()}`;
}

/** The whole policy for one Host: built once per host and scheme, not once per response. */
export function policyCache() {
  const policy = (connect: string) =>
    CSP_DIRECTIVES.map(([name, values]) => [name, ...(name === "connect-src" ? [connect] : values)].join(" ")).join(
      "; ",
    );
  const byHost = new Map<string, string>();
  // The Host header is the client's: a flood of made-up hosts must not grow the map without end.
  const MAX_HOSTS = 100;
  return (host: string, https: boolean): string => {
    const key = (https ? "s " : "  ") + host;
    let value = byHost.get(key);
    if (value === undefined) {
      if (byHost.size >= MAX_HOSTS) byHost.clear();
      value = policy(connectSources(host, https));
      byHost.set(key, value);
    }
    return value;
  };
}

export interface SecurityHeaderOptions {
  trustProxy: boolean;
  /** HSTS on every response, e.g. when TLS ends at a proxy that does not send X-Forwarded-Proto. */
  hsts: boolean;
}

/** The headers that are the same on every response (the CSP and HSTS depend on the request). */
export const FIXED_SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Cross-Origin-Resource-Policy", "same-origin"],
  ["Origin-Agent-Cluster", "?1"],
  [
    "Permissions-Policy",
    [
      ...[
        "accelerometer",
        "autoplay",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "screen-wake-lock",
        "serial",
        "usb",
        "xr-spatial-tracking",
        "browsing-topics",
      ].map((feature) => `${feature}=()`),
      // Staff passkeys: made and used by the site's own pages, by no frame of another origin.
      "publickey-credentials-create=(self)",
      "publickey-credentials-get=(self)",
    ].join(", "),
  ],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Content-Type-Options", "nosniff"],
  ["X-DNS-Prefetch-Control", "off"],
  ["X-Download-Options", "noopen"],
  ["X-Frame-Options", "DENY"],
  ["X-Permitted-Cross-Domain-Policies", "none"],
  ["X-XSS-Protection", "0"],
];

/**
 * The headers every response carries (pages, assets, API, errors): a strict CSP with no inline script or
 * style, no framing, no MIME sniffing, a referrer that never leaves a path, powerful features off, and
 * HSTS only where the site is served over TLS (a browser would otherwise pin a plain-http dev site).
 *
 * Under the real server they go straight onto Node's response (node-response.ts): set on the web Response, these
 * 13 headers were ~0.15 ms of the ~0.28 ms of CPU a cached GET /api/services took. Under app.request (tests,
 * other adapters) they are set on the Response, after the handler, as before.
 */
export function securityHeaders({ trustProxy, hsts }: SecurityHeaderOptions): (c: Context) => (() => void) | null {
  const policyFor = policyCache();
  /** Sets them on Node's response at once, or returns what sets them on the web Response once answered. */
  return (c) => {
    const https = isHttps(c, trustProxy);
    const csp = policyFor(requestHeader(c, "host") ?? "", https);
    const withHsts = hsts || https;
    const node = nodeOutgoing(c);
    if (node) {
      for (const [name, value] of FIXED_SECURITY_HEADERS) node.setHeader(name, value);
      node.setHeader("Content-Security-Policy", csp);
      if (withHsts) node.setHeader("Strict-Transport-Security", HSTS_VALUE);
      return null;
    }
    return () => {
      const headers = c.res.headers;
      for (const [name, value] of FIXED_SECURITY_HEADERS) headers.set(name, value);
      headers.set("Content-Security-Policy", csp);
      if (withHsts) headers.set("Strict-Transport-Security", HSTS_VALUE);
    };
  };
}

/**
 * CORS for /api only when CORS_ORIGINS lists origins: an exact-match allow-list (an Origin not on it gets
 * no Access-Control-* header at all), bearer tokens rather than cookies, so no credentials mode.
 */
export function corsAllowList(origins: string[]): MiddlewareHandler<AppEnv> | null {
  if (origins.length === 0) return null;
  return cors({
    origin: (origin) => (origins.includes(origin) ? origin : null),
    allowMethods: ["GET", "POST", "PUT", "DELETE"],
    allowHeaders: ["Content-Type", "Authorization", IDEMPOTENCY_HEADER],
    exposeHeaders: ["Retry-After"],
    maxAge: 600,
  });
}
