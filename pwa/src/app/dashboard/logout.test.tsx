import "fake-indexeddb/auto";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { logoutTiming } from "../../lib/logout.ts";
import { enqueueStatusChange, listStatusChanges } from "../../lib/offline-queue/adminStatusQueue.ts";
import { loadAdminSnapshot } from "../../lib/offline-queue/adminSnapshot.ts";
import { setOffline } from "../../test/offlineQueue.ts";
import { json, mockFetch } from "../../test/staffApi.ts";
import { openOnline, signedInOnFreshDevice, stubDialog } from "../../test/dashboard.tsx";
import { makeBooking } from "../../test/staffFixtures.ts";

const socket = vi.hoisted(() => ({
  current: null as null | ReturnType<typeof import("../../test/staffApi.ts").makeFakeSocket>,
}));
vi.mock("../../lib/socket.ts", () => ({ connectAdminSocket: vi.fn(() => socket.current) }));

const jane = makeBooking({ _id: "b1", firstName: "Jane", lastName: "Doe", version: 1 });
const defaults = { ...logoutTiming };

/** The dashboard loaded online (Jane) and kept on the device. */
async function openDashboard(extra: Parameters<typeof mockFetch>[0] = {}) {
  return (await openOnline([jane], extra)).fetchMock;
}

const logoutButton = () => screen.getByRole("button", { name: "Logout" });
const loginScreen = () => screen.findByRole("heading", { name: "Login screen" });

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

    await userEvent.click(logoutButton());
    await waitFor(() => expect(revokeCalled).toBe(true));
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
    expect(await loadAdminSnapshot()).toBeNull();

    expect(await loginScreen()).toBeInTheDocument();
  });

  it("asks before losing status changes that have not been sent, and stays signed in when the admin declines", async () => {
    const fetchMock = await openDashboard();
    setOffline(true);
    await enqueueStatusChange("b1", "confirmed", 1);
    const confirm = stubDialog("confirm", false);

    await userEvent.click(logoutButton());

    await waitFor(() =>
      expect(confirm).toHaveBeenCalledWith("1 status change has not been sent yet and will be lost. Log out anyway?"),
    );
    expect(await screen.findByRole("button", { name: "Logout" })).toBeEnabled();
    expect(screen.getByText("Jane Doe")).toBeInTheDocument();
    expect(localStorage.getItem("token")).not.toBeNull();
    expect(await listStatusChanges()).toHaveLength(1);
    expect(fetchMock).not.toHaveBeenCalledWith("/api/auth/logout", expect.anything());
  });

  it("logs out and drops the unsent status changes once the admin confirms losing them", async () => {
    await openDashboard({ "POST /api/auth/logout": { status: 204, body: undefined } });
    setOffline(true);
    await enqueueStatusChange("b1", "confirmed", 1);
    await enqueueStatusChange("b2", "completed", 1);
    const confirm = stubDialog("confirm", true);

    await userEvent.click(logoutButton());

    expect(await loginScreen()).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledWith("2 status changes have not been sent yet and will be lost. Log out anyway?");
    expect(await listStatusChanges()).toEqual([]);
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
    const confirm = stubDialog("confirm", false);

    await userEvent.click(logoutButton());

    expect(await loginScreen()).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
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
