import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "../test/fetch.ts";
import { browserWithPush, fakeSubscription, removePush, SERVER_KEY, SERVER_KEY_BYTES } from "../test/push.ts";
import { adminUser, fakeToken } from "../test/staffFixtures.ts";
import { pushState, pushSupported, turnOffPush, turnOnPush } from "./push.ts";
import { saveSession } from "./session.ts";

const TOKEN = fakeToken();

/** The server's push routes; `registered` and `forgotten` are the bodies it was sent, with their headers. */
function pushServer({ reachable = true } = {}) {
  const fetchMock = mockFetch({
    "GET /api/push/key": () => json({ key: SERVER_KEY }),
    "POST /api/push/subscriptions": () => json({ data: {} }, 201),
    "DELETE /api/push/subscriptions": () => {
      if (!reachable) throw new TypeError("Failed to fetch");
      return new Response(null, { status: 204 });
    },
  });
  const sent = (method: string) =>
    fetchMock.mock.calls
      .filter(([url, init]) => String(url) === "/api/push/subscriptions" && init?.method === method)
      .map(([, init]) => ({ body: JSON.parse(String(init!.body)), headers: new Headers(init!.headers), init: init! }));
  return { fetchMock, registered: () => sent("POST"), forgotten: () => sent("DELETE") };
}

beforeEach(() => saveSession(TOKEN, adminUser));
afterEach(() => removePush());

describe("web push on a staff device", () => {
  it("is not supported where the browser lacks a service worker, PushManager or Notification", async () => {
    const { fetchMock } = pushServer();
    expect(pushSupported()).toBe(false);
    expect(await pushState()).toBe("unsupported");
    expect(await turnOffPush()).toBe("unsupported");

    // Safari on an iPhone has a service worker but no web push until the site is installed.
    browserWithPush();
    delete (window as { PushManager?: unknown }).PushManager;
    expect(pushSupported()).toBe(false);
    expect(await pushState()).toBe("unsupported");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reads whether this device gets notifications: on only with permission and a subscription", async () => {
    browserWithPush({ permission: "denied" });
    expect(await pushState()).toBe("blocked");
    browserWithPush({ permission: "granted", subscription: fakeSubscription(SERVER_KEY_BYTES) });
    expect(await pushState()).toBe("on");
    browserWithPush({ permission: "granted" });
    expect(await pushState()).toBe("off");
    // Permission taken back in the browser's settings: the old subscription delivers nothing.
    browserWithPush({ permission: "default", subscription: fakeSubscription(SERVER_KEY_BYTES) });
    expect(await pushState()).toBe("off");
  });

  it("turning on asks permission, subscribes with the server's key and registers the subscription", async () => {
    const server = pushServer();
    const browser = browserWithPush({ permission: "default", answer: "granted" });
    expect(await turnOnPush()).toBe("on");
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: SERVER_KEY,
    });
    expect(server.registered()).toHaveLength(1);
    const [{ body, headers }] = server.registered() as [ReturnType<typeof server.registered>[number]];
    expect(body).toEqual(browser.subscription()!.toJSON());
    expect(headers.get("Authorization")).toBe(`Bearer ${TOKEN}`);
    expect(await pushState()).toBe("on");
  });

  it("keeps a subscription made with the server's key, and replaces one made with another key", async () => {
    const server = pushServer();
    const same = fakeSubscription(SERVER_KEY_BYTES);
    const kept = browserWithPush({ permission: "granted", subscription: same });
    expect(await turnOnPush()).toBe("on");
    expect(kept.pushManager.subscribe).not.toHaveBeenCalled();
    expect(same.unsubscribe).not.toHaveBeenCalled();
    expect(server.registered().map((r) => r.body.endpoint)).toEqual([same.endpoint]);

    // The server's keys changed: the browser's old subscription would never deliver again.
    const old = fakeSubscription(
      Uint8Array.from({ length: 65 }, () => 7),
      "https://push.example/old",
    );
    const replaced = browserWithPush({ permission: "granted", subscription: old });
    expect(await turnOnPush()).toBe("on");
    expect(old.unsubscribe).toHaveBeenCalledTimes(1);
    expect(replaced.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: SERVER_KEY,
    });
    expect(server.registered().at(-1)!.body.endpoint).toBe(replaced.subscription()!.endpoint);
    expect(replaced.subscription()).not.toBe(old);
  });

  it("subscribes nothing when the person blocks or dismisses the browser's question", async () => {
    const { fetchMock } = pushServer();
    const blocked = browserWithPush({ answer: "denied" });
    expect(await turnOnPush()).toBe("blocked");
    expect(blocked.pushManager.subscribe).not.toHaveBeenCalled();
    const dismissed = browserWithPush({ answer: "default" });
    expect(await turnOnPush()).toBe("off");
    expect(dismissed.pushManager.subscribe).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("turning off tells the server to forget this device, then ends the browser's subscription", async () => {
    const server = pushServer();
    const subscription = fakeSubscription(SERVER_KEY_BYTES);
    browserWithPush({ permission: "granted", subscription });
    expect(await turnOffPush()).toBe("off");
    expect(server.forgotten().map(({ body, headers }) => [body, headers.get("Authorization")])).toEqual([
      [{ endpoint: subscription.endpoint }, `Bearer ${TOKEN}`],
    ]);
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it("after a logout, tells the server with the ended session's token, in a request that outlives the page", async () => {
    const server = pushServer();
    const subscription = fakeSubscription(SERVER_KEY_BYTES);
    browserWithPush({ permission: "granted", subscription });
    expect(await turnOffPush("old-session-token")).toBe("off");
    const [forgotten] = server.forgotten();
    expect(forgotten!.headers.get("Authorization")).toBe("Bearer old-session-token");
    expect(forgotten!.init.keepalive).toBe(true);
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it("with no session to tell the server with, still ends the browser's subscription", async () => {
    const { fetchMock } = pushServer();
    const subscription = fakeSubscription(SERVER_KEY_BYTES);
    browserWithPush({ permission: "granted", subscription });
    expect(await turnOffPush(null)).toBe("off");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it("ends the browser's subscription even when the server cannot be told", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    pushServer({ reachable: false });
    const subscription = fakeSubscription(SERVER_KEY_BYTES);
    browserWithPush({ permission: "granted", subscription });
    expect(await turnOffPush()).toBe("off");
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalled();
  });

  it("turning off a device with no subscription tells nobody", async () => {
    const { fetchMock } = pushServer();
    browserWithPush({ permission: "granted" });
    expect(await turnOffPush()).toBe("off");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
