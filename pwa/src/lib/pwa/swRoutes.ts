// What the service worker caches, as plain predicates so they can be tested without a worker.

/** The runtime cache of the public API reads; the page drops entries from it after staff edits. */
export const PUBLIC_API_CACHE = "public-api";

/** Navigations the SPA shell must not answer: the API, Socket.IO, and direct hits on files. */
export const SPA_DENYLIST: RegExp[] = [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/, /\/[^/?]+\.[^/]+$/];

const PUBLIC_API_READS = [/^\/api\/services\/?$/, /^\/api\/services\/[^/]+\/?$/, /^\/api\/profile\/?$/];

/** The public GETs kept stale-while-revalidate. Anything sent with credentials is an admin answer: never cached. */
export function isPublicApiRead(request: Request, url: URL, origin: string): boolean {
  return (
    request.method === "GET" &&
    url.origin === origin &&
    !request.headers.has("Authorization") &&
    PUBLIC_API_READS.some((pattern) => pattern.test(url.pathname))
  );
}

export function isSameOriginImage(request: Request, url: URL, origin: string): boolean {
  return request.method === "GET" && url.origin === origin && url.pathname.startsWith("/images/");
}
