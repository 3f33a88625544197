import { Buffer } from "node:buffer";
import { vi } from "vitest";

// Test helpers only: the browser's web push (service worker, PushManager, Notification), which happy-dom lacks.

/** The server's VAPID public key, as GET /api/push/key gives it (base64url), and as the browser keeps it (bytes). */
export const SERVER_KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 4) % 256);
export const SERVER_KEY = Buffer.from(SERVER_KEY_BYTES).toString("base64url");

export type FakeSubscription = ReturnType<typeof fakeSubscription>;

/** A browser's push subscription, made with `keyBytes` (null: a browser that does not say). */
export function fakeSubscription(keyBytes: Uint8Array | null, endpoint = "https://push.example/device-1") {
  return {
    endpoint,
    options: { applicationServerKey: keyBytes ? keyBytes.slice().buffer : null },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: "device-key", auth: "device-secret" } }),
    unsubscribe: vi.fn(async () => true),
  };
}

/**
 * A browser with web push: notifications at `permission`, the person answering `answer` when asked, and the
 * service worker's `subscription`. Undo with `removePush()`.
 */
export function browserWithPush({
  permission = "default",
  answer = "granted",
  subscription = null,
}: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscription?: FakeSubscription | null;
} = {}) {
  let current = subscription;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => (current = fakeSubscription(SERVER_KEY_BYTES))),
  };
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }) },
  });
  vi.stubGlobal("PushManager", class {});
  const notification = {
    permission,
    requestPermission: vi.fn(async () => (notification.permission = answer)),
  };
  vi.stubGlobal("Notification", notification);
  return { pushManager, notification, subscription: () => current };
}

/** Back to happy-dom's browser, which has no web push. */
export function removePush() {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  vi.unstubAllGlobals();
}
