/// <reference lib="webworker" />
// The service worker: precached app shell and routes, cached public data and images, and the flush of the device queue's public writes
// that Background Sync triggers when the network returns with every tab closed.
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, StaleWhileRevalidate } from "workbox-strategies";
import { QUEUE_SYNC_TAG } from "./lib/offline-queue/backgroundSync.ts";
import { serviceImage } from "./lib/services.ts";
import { flushPublicWrites } from "./lib/offline-queue/publicWrites.ts";
import {
  APP_ASSETS_CACHE,
  isKeptWhenOpened,
  isPublicApiRead,
  isSameOriginImage,
  PUBLIC_API_CACHE,
  SPA_DENYLIST,
} from "./lib/pwa/swRoutes.ts";
import { notificationOf, openFromNotification } from "./lib/pwa/pushHandlers.ts";
import {
  dropOld,
  KEEP_STAFF_KIT,
  keepKit,
  type ManifestEntry,
  splitManifest,
  STAFF_KIT_CACHE,
} from "./lib/pwa/staffKit.ts";

declare const self: ServiceWorkerGlobalScope;

/** Background Sync is Chromium-only and absent from TypeScript's lib. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

// The staff app's files are the staff kit (lib/pwa/staffKit.ts): kept on the devices staff signed in on, not with
// every install.
const { everyone, kit } = splitManifest(self.__WB_MANIFEST as ManifestEntry[], self.location.origin);
precacheAndRoute(everyone);
cleanupOutdatedCaches();

// Every client-side route gets the precached empty shell; the router inside renders the screen offline. Not
// index.html: that is the home page, rendered at build time, which would not match another address.
registerRoute(new NavigationRoute(createHandlerBoundToURL("/shell.html"), { denylist: SPA_DENYLIST }));

// Show the last known services and business profile at once, refresh them behind the scenes.
registerRoute(
  ({ request, url }) => isPublicApiRead(request, url, self.location.origin),
  new StaleWhileRevalidate({
    cacheName: PUBLIC_API_CACHE,
    // Public data is the same for everyone; a Vary header must not make a cached copy unreachable.
    matchOptions: { ignoreVary: true },
    plugins: [new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
);

// Images never change under the same URL, so the cached copy wins; expiry keeps the cache from growing forever.
const images = new CacheFirst({
  cacheName: "images",
  plugins: [new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true })],
});
registerRoute(({ request, url }) => isSameOriginImage(request, url, self.location.origin), images);

// The office's screens the precache leaves out (KEPT_WHEN_OPENED): kept once opened, so one used online opens again
// with no signal (read-only where it needs the server), without every install downloading them. A new build's files
// have new names; expiry drops the old ones.
registerRoute(
  ({ request, url }) => isKeptWhenOpened(request, url, self.location.origin),
  new CacheFirst({
    cacheName: APP_ASSETS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// The staff kit, from its cache; a file not kept yet (the first sign-in on this device) from the network, then kept.
const kitFiles = new Set(kit);
registerRoute(
  ({ request, url }) => request.method === "GET" && kitFiles.has(url.href),
  new CacheFirst({ cacheName: STAFF_KIT_CACHE }),
);

let keeping: Promise<void> | null = null;
/** Keeps the kit's files not kept yet, once at a time however many tabs ask. */
function keepStaffKit(): Promise<void> {
  keeping ??= keepKit(caches, kit).finally(() => (keeping = null));
  return keeping;
}

// On a device where staff signed in, a new version installs its kit with its precache, before it can take over.
self.addEventListener("install", (event) => {
  event.waitUntil(caches.has(STAFF_KIT_CACHE).then((staffDevice) => (staffDevice ? keepStaffKit() : undefined)));
});

// Everything else (admin API, auth, writes, Socket.IO) has no route, so it goes to the network untouched and
// is never stored in a cache shared by whoever uses this device next.

self.addEventListener("sync", (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== QUEUE_SYNC_TAG) return;
  sync.waitUntil(
    flushPublicWrites({ ignoreBackoff: true }).then((result) => {
      // Rejecting asks the browser to fire the sync again later, while something is still waiting.
      if (result.pending > 0) throw new Error(`${result.pending} queued item(s) still waiting`);
    }),
  );
});

/**
 * The first visit's API calls happen before this worker controls the page, so nothing of them is cached.
 * Fetch the public data once on activation, so every service page opens offline after one visit, with the pictures
 * the services name: data an admin may change (a service's own image), so they are not the build's to precache.
 */
async function warmPublicApi(event: ExtendableEvent): Promise<void> {
  const cache = await caches.open(PUBLIC_API_CACHE);
  const keep = async (path: string) => {
    const response = await fetch(path, { headers: { Accept: "application/json" } });
    if (response.ok) await cache.put(path, response.clone());
    return response;
  };
  const [services] = await Promise.allSettled([keep("/api/services"), keep("/api/profile")]);
  if (services.status !== "fulfilled" || !services.value.ok) return;
  const list = (await services.value.json()) as { _id?: unknown; image?: unknown }[];
  const named = Array.isArray(list)
    ? list.flatMap((service) =>
        typeof service._id === "string"
          ? [{ _id: service._id, image: typeof service.image === "string" ? service.image : "" }]
          : [],
      )
    : [];
  // Only this site's pictures: the image route keeps nothing else (another origin's would be an opaque answer).
  const pictures = named
    .map((service) => new URL(serviceImage(service), self.location.origin))
    .filter((url) => isSameOriginImage(new Request(url), url, self.location.origin));
  await Promise.allSettled([
    ...named.map((service) => keep(`/api/services/${encodeURIComponent(service._id)}`)),
    ...pictures.map((url) => images.handle({ event, request: new Request(url) })),
  ]);
}

self.addEventListener("activate", (event) => {
  // Offline or a failing API must not fail the activation; the runtime caches fill on later visits then.
  event.waitUntil(
    Promise.all([warmPublicApi(event).catch(() => undefined), dropOld(caches, kit).catch(() => undefined)]),
  );
});

// A staff device's notification: a new booking for the office, a technician's own job for them.
self.addEventListener("push", (event) => {
  const { title, options } = notificationOf(event.data?.text() ?? null);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openFromNotification(self.clients, self.location.origin, data?.url));
});

// Only the Reload button of the update prompt sends SKIP_WAITING: a new version never replaces a page on its own.
// The staff shell asks for the kit on every start; it hears back once the kit is kept (or could not be).
self.addEventListener("message", (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === "SKIP_WAITING") void self.skipWaiting();
  if (type === KEEP_STAFF_KIT) {
    const answer = (word: string) => event.ports[0]?.postMessage(word);
    event.waitUntil(
      keepStaffKit().then(
        () => answer("kept"),
        () => answer("failed"),
      ),
    );
  }
});

clientsClaim();
