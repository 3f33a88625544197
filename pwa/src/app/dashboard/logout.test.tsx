import "fake-indexeddb/auto";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { logoutTiming } from "../../lib/logout.ts";
import { enqueueStatusChange, listStatusChanges } from "../../lib/offline-queue/adminStatusQueue.ts";
import { loadAdminSnapshot } from "../../lib/offline-queue/adminSnapshot.ts";
import { setOffline } from "../../test/offlineQueue.ts";
import { json } from "../../test/staffApi.ts";
import { officeApi, signedInOnFreshDevice } from "../../test/dashboard.tsx";
import { App } from "../App.tsx";
import { makeBooking } from "../../test/staffFixtures.ts";

const socket = vi.hoisted(() => ({
  current: null as null | ReturnType<typeof import("../../test/staffApi.ts").makeFakeSocket>,
}));
vi.mock("../../lib/socket.ts", () => ({ connectAdminSocket: vi.fn(() => socket.current) }));

const jane = makeBooking({ _id: "b1", firstName: "Jane", lastName: "Doe", version: 1 });
const defaults = { ...logoutTiming };

/** The staff app at the overview, loaded online (Jane) and its window kept on the device. */
async function openDashboard(extra: Parameters<typeof officeApi>[1] = {}) {
  const fetchMock = officeApi([jane], extra);
  render(
    <MemoryRouter initialEntries={["/dashboard"]}>
      <App />
    </MemoryRouter>,
  );
  await screen.findByText("Jane Doe");
  await waitFor(async () => expect(await loadAdminSnapshot()).not.toBeNull());
  return fetchMock;
}

/** The one Logout: in the account menu of the shell. */
async function logoutButton() {
  const account = screen.getByRole("button", { name: /, account$/ });
  if (account.getAttribute("aria-expanded") !== "true") await userEvent.click(account);
  return screen.findByRole("button", { name: "Logout" });
}
const loginScreen = () => screen.findByRole("heading", { name: "Admin Login" });

beforeEach(() => signedInOnFreshDevice(socket));

afterEach(() => {
  vi.unstubAllGlobals();
  Object.assign(logoutTiming, defaults);
});

describe("Logout", () => {
  it("wipes the session and the device's customer data before the revoke answers, and a hung revoke cannot block it", async () => {
    logoutTiming.revokeTimeoutMs = 200;
    let revokeCalled = false;
    await openDashboard({
      "POST /api/auth/logout": () => {
        revokeCalled = true;
        return new Promise<Response>(() => undefined);
      },
    });

    await userEvent.click(await logoutButton());
    await waitFor(() => expect(revokeCalled).toBe(true));
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
    expect(await loadAdminSnapshot()).toBeNull();

    expect(await loginScreen()).toBeInTheDocument();
  });

  it("asks before logging out with work waiting, and stays signed in when the admin chooses to", async () => {
    const fetchMock = await openDashboard();
    setOffline(true);
    await enqueueStatusChange("b1", "confirmed", 1);

    await userEvent.click(await logoutButton());

    const question = await screen.findByRole("dialog", { name: "Work not sent yet" });
    expect(question).toHaveTextContent(
      "1 item has not been sent. It stays on this device and is sent when you log in again.",
    );
    await userEvent.click(within(question).getByRole("button", { name: "Stay signed in" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(await logoutButton()).toBeEnabled();
    expect(screen.getByText("Jane Doe")).toBeInTheDocument();
    expect(localStorage.getItem("token")).not.toBeNull();
    expect(await listStatusChanges()).toHaveLength(1);
    expect(fetchMock).not.toHaveBeenCalledWith("/api/auth/logout", expect.anything());
  });

  it("logs out when the admin says so, and keeps the unsent status changes for their next login", async () => {
    await openDashboard({ "POST /api/auth/logout": { status: 204, body: undefined } });
    setOffline(true);
    await enqueueStatusChange("b1", "confirmed", 1);
    await enqueueStatusChange("b2", "completed", 1);

    await userEvent.click(await logoutButton());
    const question = await screen.findByRole("dialog", { name: "Work not sent yet" });
    expect(question).toHaveTextContent(
      "2 items have not been sent. They stay on this device and are sent when you log in again",
    );
    await userEvent.click(within(question).getByRole("button", { name: "Log out" }));

    expect(await loginScreen()).toBeInTheDocument();
    expect(await listStatusChanges()).toMatchObject([
      { bookingId: "b1", state: "pending" },
      { bookingId: "b2", state: "pending" },
    ]);
    expect(await loadAdminSnapshot()).toBeNull();
  });

  it("online, first sends the status changes still waiting, and then has nothing to ask", async () => {
    const fetchMock = await openDashboard({
      "PUT /api/bookings/b1/status": () =>
        Promise.resolve(json({ data: { ...jane, status: "confirmed", version: 2 } })),
      "POST /api/auth/logout": { status: 204, body: undefined },
    });
    setOffline(true);
    await enqueueStatusChange("b1", "confirmed", 1);
    setOffline(false);

    await userEvent.click(await logoutButton());

    expect(await loginScreen()).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith("/status") && init?.method === "PUT");
    expect(JSON.parse(String(put![1]!.body))).toEqual({ status: "confirmed", version: 1 });
  });
});

describe("A session that ends without Logout", () => {
  it("a socket closed by the server (a logout on another tablet) deletes the device's copy of customer data", async () => {
    await openDashboard();
    act(() => socket.current!.emit("disconnect", "io server disconnect"));
    expect(await loginScreen()).toBeInTheDocument();
    await waitFor(async () => expect(await loadAdminSnapshot()).toBeNull());
  });
});
