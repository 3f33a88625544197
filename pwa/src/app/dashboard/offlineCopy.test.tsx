import "fake-indexeddb/auto";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadAdminSnapshot } from "../../lib/offline-queue/adminSnapshot.ts";
import { json, makeFakeSocket, mockFetch } from "../../test/staffApi.ts";
import { openOnline, reopenOffline, signedInOnFreshDevice } from "../../test/dashboard.tsx";
import { makeBooking } from "../../test/staffFixtures.ts";
import { OFFLINE_COPY_DELAY_MS } from "./useOfflineCopy.ts";

const socket = vi.hoisted(() => ({
  current: null as null | ReturnType<typeof import("../../test/staffApi.ts").makeFakeSocket>,
}));
vi.mock("../../lib/socket.ts", () => ({ connectAdminSocket: vi.fn(() => socket.current) }));

const jane = makeBooking({ _id: "b1", firstName: "Jane", lastName: "Doe", version: 1 });
const bob = makeBooking({
  _id: "b2",
  firstName: "Bob",
  lastName: "Ray",
  email: "bob@example.com",
  updatedAt: "2030-06-02T10:00:00.000Z",
});

async function copiedBookings() {
  return (await loadAdminSnapshot())?.bookings.map((b) => `${b._id}:${b.status}`) ?? [];
}

beforeEach(() => signedInOnFreshDevice(socket));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the dashboard's offline copy", () => {
  it("takes in a booking that arrived live, so the tablet reopened offline shows it", async () => {
    const { view } = await openOnline([jane]);
    act(() => socket.current!.emit("newBooking", bob));
    await waitFor(async () => expect(await copiedBookings()).toEqual(["b2:pending", "b1:pending"]));
    view.unmount();

    socket.current = makeFakeSocket();
    reopenOffline();
    expect(await screen.findByText(/Offline: showing the bookings as last synced on/)).toBeInTheDocument();
    expect(screen.getByText("Bob Ray")).toBeInTheDocument();
    expect(screen.getByText("Jane Doe")).toBeInTheDocument();
  });

  it("follows live updates and deletions", async () => {
    await openOnline([jane]);
    act(() => socket.current!.emit("newBooking", bob));
    act(() =>
      socket.current!.emit("bookingUpdated", {
        ...jane,
        status: "confirmed",
        version: 2,
        updatedAt: "2030-06-03T10:00:00.000Z",
      }),
    );
    await waitFor(async () => expect(await copiedBookings()).toContain("b1:confirmed"));
    act(() => socket.current!.emit("bookingDeleted", { _id: "b2", updatedAt: "2030-06-04T10:00:00.000Z" }));
    await waitFor(async () => expect(await copiedBookings()).toEqual(["b1:confirmed"]));
  });

  it("takes in what the reconnect catch-up brought", async () => {
    await openOnline([jane], { "GET /api/bookings/deleted": { body: [] } });
    // From now on the list answers with Bob too, as after a booking made while the socket was away.
    mockFetch({
      "GET /api/bookings": { body: [bob] },
      "GET /api/bookings/deleted": { body: [] },
      "GET /api/contact": { body: [] },
    });
    act(() => socket.current!.emit("connect"));
    await waitFor(async () => expect(await copiedBookings()).toContain("b2:pending"));
  });

  it("takes in the admin's own status change", async () => {
    await openOnline([jane], {
      "PUT /api/bookings/b1/status": () =>
        Promise.resolve(json({ data: { ...jane, status: "completed", version: 2 } })),
    });
    await userEvent.selectOptions(screen.getByLabelText("Status of Jane Doe's booking"), "completed");
    await waitFor(async () => expect(await copiedBookings()).toEqual(["b1:completed"]));
  });

  it("opened from the device's copy, does not save that copy again as freshly synced", async () => {
    const { view } = await openOnline([jane]);
    const first = await loadAdminSnapshot();
    view.unmount();
    // A later open without a network.
    socket.current = makeFakeSocket();
    reopenOffline();
    await screen.findByText(/Offline: showing the bookings as last synced on/);
    // Past the copy's write delay.
    await new Promise((resolve) => setTimeout(resolve, OFFLINE_COPY_DELAY_MS * 2));
    expect((await loadAdminSnapshot())?.syncedAt).toBe(first?.syncedAt);
  });
});
