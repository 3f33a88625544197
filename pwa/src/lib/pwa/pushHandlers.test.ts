import { describe, expect, it, vi } from "vitest";
import { notificationOf, openFromNotification, safePath } from "./pushHandlers.ts";

const ORIGIN = "https://clean.example.com";

describe("a push's notification", () => {
  it("shows the server's title and line, and keeps the page to open", () => {
    const shown = notificationOf(
      JSON.stringify({
        title: "New booking",
        body: "Air Duct Cleaning, Thu Nov 26, 10:00 AM — Ruth O.",
        url: "/dashboard?booking=b1",
        tag: "booking-b1",
      }),
    );
    expect(shown.title).toBe("New booking");
    expect(shown.options).toMatchObject({
      body: "Air Duct Cleaning, Thu Nov 26, 10:00 AM — Ruth O.",
      tag: "booking-b1",
      data: { url: "/dashboard?booking=b1" },
    });
  });

  it("shows a generic notification for an empty or broken payload", () => {
    expect(notificationOf(null).title).toBe("Something new");
    expect(notificationOf("{nope").options.data.url).toBe("/dashboard");
  });

  it("never opens another site, whatever the payload says", () => {
    for (const url of ["https://evil.example/x", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", 7]) {
      expect(safePath(url)).toBe("/dashboard");
    }
    expect(safePath("/jobs/b1")).toBe("/jobs/b1");
  });
});

function clientsWith(windows: { url: string }[]) {
  const made = windows.map((w) => ({
    url: w.url,
    focus: vi.fn(async function (this: unknown) {
      return this;
    }),
    navigate: vi.fn(async (url: string) => ({ url, focus: vi.fn(async () => undefined) })),
  }));
  const clients = {
    matchAll: vi.fn(async () => made),
    openWindow: vi.fn(async () => null),
  } as unknown as Clients;
  return { clients, made };
}

describe("tapping a notification", () => {
  it("focuses a window already on the page", async () => {
    const { clients, made } = clientsWith([{ url: `${ORIGIN}/jobs/b1` }]);
    await openFromNotification(clients, ORIGIN, "/jobs/b1");
    expect(made[0]!.focus).toHaveBeenCalled();
    expect(made[0]!.navigate).not.toHaveBeenCalled();
  });

  it("takes an open window of the app to the booking", async () => {
    const { clients, made } = clientsWith([{ url: `${ORIGIN}/dashboard` }]);
    await openFromNotification(clients, ORIGIN, "/dashboard?booking=b1");
    expect(made[0]!.navigate).toHaveBeenCalledWith(`${ORIGIN}/dashboard?booking=b1`);
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it("opens a new window when none is open", async () => {
    const { clients } = clientsWith([]);
    await openFromNotification(clients, ORIGIN, "/jobs/b1");
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/jobs/b1`);
  });
});
