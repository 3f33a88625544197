// Web push on a staff device: turned on by the person from their menu, never asked on page load.
import { request } from "./http.ts";

export type PushState = "unsupported" | "blocked" | "off" | "on";

export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
  );
}

const registration = () => navigator.serviceWorker.ready;

/** Whether this device gets notifications now. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  const subscription = await (await registration()).pushManager.getSubscription();
  return subscription && Notification.permission === "granted" ? "on" : "off";
}

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/**
 * Asks for permission (this is the person's own tap), subscribes with the server's VAPID key and registers the
 * device. A subscription made for another key (the server's keys changed) is replaced.
 */
export async function turnOnPush(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "blocked";
  if (permission !== "granted") return "off";
  const { key } = await request<{ key: string }>("/api/push/key", { auth: true });
  const manager = (await registration()).pushManager;
  let subscription = await manager.getSubscription();
  const ownKey = subscription?.options.applicationServerKey;
  if (subscription && (!ownKey || base64url(ownKey) !== key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await request("/api/push/subscriptions", { method: "POST", body: subscription.toJSON(), auth: true });
  return "on";
}

/**
 * Stops notifications on this device: the server forgets it (when it can be told, with `token` after a logout),
 * and the browser's subscription ends, so a push service asked later answers 410 and the server forgets it then.
 */
export async function turnOffPush(token?: string | null): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const subscription = await (await registration()).pushManager.getSubscription();
  if (!subscription) return "off";
  // After a logout the session is already forgotten: its token comes in (null: no session to tell the server with).
  if (token !== null) {
    const auth =
      token === undefined ? { auth: true } : { headers: { Authorization: `Bearer ${token}` }, keepalive: true };
    await request("/api/push/subscriptions", {
      method: "DELETE",
      body: { endpoint: subscription.endpoint },
      ...auth,
    }).catch((error: unknown) => console.warn("The server could not be told of the device", error));
  }
  await subscription.unsubscribe();
  return "off";
}
