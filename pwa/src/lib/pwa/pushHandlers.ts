// What the service worker does with a web push, as plain functions so they can be tested without a
// worker: the notification a payload shows, and the page a tap opens.
import type { PushPayload } from "@contracts/outbox/push.ts";

export interface ShownNotification {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

/** Only a path of this site opens from a notification, whatever a payload says. */
export function safePath(url: unknown): string {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")
    ? url
    : "/dashboard";
}

/** The notification for a push's data (the server's PushPayload as JSON); a generic one for anything else. */
export function notificationOf(text: string | null): ShownNotification {
  let payload: Partial<PushPayload> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (parsed && typeof parsed === "object") payload = parsed as Partial<PushPayload>;
  } catch {
    // Not JSON: the generic notification below (a push must always show one).
  }
  const title = typeof payload.title === "string" && payload.title ? payload.title : "Something new";
  return {
    title,
    options: {
      body: typeof payload.body === "string" ? payload.body : "Open the app to see it.",
      tag: typeof payload.tag === "string" ? payload.tag : undefined,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: safePath(payload.url) },
    },
  };
}

/**
 * Opens the page a notification names: a window already on it is focused; else an open window of the app goes
 * there (its session is already there); else a new window opens.
 */
export async function openFromNotification(clients: Clients, origin: string, url: unknown): Promise<void> {
  const target = new URL(safePath(url), origin).href;
  const windows = (await clients.matchAll({ type: "window", includeUncontrolled: true })) as WindowClient[];
  const focus = (client: WindowClient) => client.focus().catch(() => client);
  const same = windows.find((w) => w.url === target);
  if (same) {
    await focus(same);
    return;
  }
  const open = windows.find((w) => new URL(w.url).origin === origin);
  const moved = open ? await open.navigate(target).catch(() => null) : null;
  if (moved) {
    await focus(moved);
    return;
  }
  await clients.openWindow(target);
}
