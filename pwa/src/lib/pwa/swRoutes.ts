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

/**
 * The office's screens, kept on the device once opened rather than with every install (vite.config.ts leaves them out
 * of the precache; the worker keeps them when fetched): the dispatch board with dnd-kit, Settings, Staff, the Price
 * Book, the booking edit form and the service form, the Socket.IO client, which only works online, and the Spanish
 * texts. A technician's screens and their parts stay precached: they are opened first in a basement. Names of chunks,
 * each its screen's file name.
 */
export const KEPT_WHEN_OPENED = [
  "SchedulePage",
  "SettingsPage",
  "StaffPage",
  "PriceBookPage",
  "PlansPage",
  "EditBookingPage",
  "ServiceFormModal",
  "socketClient",
  // The Spanish texts: FormatJS's formatter and each area's catalog (lib/i18n/, pwa/src/i18n/es/), loaded only once
  // Spanish is chosen, so kept from then on: a device whose language is Spanish opens offline in Spanish.
  "intlRuntime",
  "public",
  "field",
  "office",
] as const;

/** The runtime cache of those chunks. */
export const APP_ASSETS_CACHE = "app-assets";

/** One of those chunks' hashed JS, CSS or JSON files: a name never changes content, so a copy kept is always right. */
export function isKeptWhenOpened(request: Request, url: URL, origin: string): boolean {
  const file = /^\/assets\/([A-Za-z]+)-[\w-]{6,}\.(?:js|css|json)$/.exec(url.pathname);
  return (
    request.method === "GET" &&
    url.origin === origin &&
    file !== null &&
    (KEPT_WHEN_OPENED as readonly string[]).includes(file[1]!)
  );
}
