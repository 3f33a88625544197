import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { saveSession } from "../lib/session.ts";
import { json, mockFetch } from "../test/fetch.ts";
import { browserWithPush, fakeSubscription, removePush, SERVER_KEY, SERVER_KEY_BYTES } from "../test/push.ts";
import { adminUser, fakeToken } from "../test/staffFixtures.ts";
import { NotificationsButton } from "./NotificationsButton.tsx";

beforeEach(() => saveSession(fakeToken(), adminUser));
afterEach(() => removePush());

describe("NotificationsButton", () => {
  it("is not offered where the browser has no web push", async () => {
    const { container } = render(<NotificationsButton />);
    // The browser's answer is read at once: let it settle.
    await act(async () => undefined);
    expect(container).toBeEmptyDOMElement();
  });

  it("turns notifications on for this device and then shows them on", async () => {
    const fetchMock = mockFetch({
      "GET /api/push/key": () => json({ key: SERVER_KEY }),
      "POST /api/push/subscriptions": () => json({ data: {} }, 201),
    });
    browserWithPush({ permission: "default", answer: "granted" });
    render(<NotificationsButton />);
    const button = await screen.findByRole("button", { name: "Turn on notifications" });
    expect(button).toHaveAttribute("aria-pressed", "false");
    await userEvent.setup().click(button);
    expect(await screen.findByRole("button", { name: "Notifications on" })).toHaveAttribute("aria-pressed", "true");
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${String(url)}`)).toEqual([
      "GET /api/push/key",
      "POST /api/push/subscriptions",
    ]);
  });

  it("turns them off again on a device that has them", async () => {
    mockFetch({ "DELETE /api/push/subscriptions": () => new Response(null, { status: 204 }) });
    const subscription = fakeSubscription(SERVER_KEY_BYTES);
    browserWithPush({ permission: "granted", subscription });
    render(<NotificationsButton />);
    await userEvent.setup().click(await screen.findByRole("button", { name: "Notifications on" }));
    expect(await screen.findByRole("button", { name: "Turn on notifications" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it("cannot be pressed where the browser blocks notifications, and says where to allow them", async () => {
    browserWithPush({ permission: "denied" });
    render(<NotificationsButton />);
    const button = await screen.findByRole("button", { name: "Notifications blocked" });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("title", expect.stringContaining("allow them in its site settings"));
  });
});
