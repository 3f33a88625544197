import "fake-indexeddb/auto";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadAdminSnapshot } from "../../lib/offline-queue/adminSnapshot.ts";
import { json, makeFakeSocket } from "../../test/staffApi.ts";
import { openOnline, reopenOffline, signedInOnFreshDevice, todayPlus } from "../../test/dashboard.tsx";
import { makeBooking, makeService } from "../../test/staffFixtures.ts";

const socket = vi.hoisted(() => ({
  current: null as null | ReturnType<typeof import("../../test/staffApi.ts").makeFakeSocket>,
}));
vi.mock("../../lib/socket.ts", () => ({ connectAdminSocket: vi.fn(() => socket.current) }));

const jane = makeBooking({ _id: "b1", firstName: "Jane", lastName: "Doe", version: 1, cleaningDate: todayPlus(2) });
const bob = makeBooking({
  _id: "b2",
  firstName: "Bob",
  lastName: "Ray",
  email: "bob@example.com",
  cleaningDate: todayPlus(-3),
  updatedAt: "2030-06-02T10:00:00.000Z",
});
const old = makeBooking({ _id: "b3", firstName: "Olga", lastName: "Past", cleaningDate: todayPlus(-40) });
const later = makeBooking({ _id: "b4", firstName: "Lars", lastName: "Later", cleaningDate: todayPlus(45) });

async function copiedBookings() {
  return (await loadAdminSnapshot())?.bookings.map((b) => `${b._id}:${b.status}`) ?? [];
}

beforeEach(() => signedInOnFreshDevice(socket));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the tablet's offline copy", () => {
  it("holds the window only (a week back, a month ahead), in visit order, with the services and the figures", async () => {
    await openOnline([jane, bob, old, later], { "GET /api/services": { body: [makeService()] } });
    await waitFor(async () => expect(await copiedBookings()).toEqual(["b2:pending", "b1:pending"]));
    const copy = (await loadAdminSnapshot())!;
    expect(copy.window).toEqual({ from: todayPlus(-7), to: todayPlus(30) });
    expect(copy.services.map((s) => s._id)).toEqual(["air-duct-cleaning"]);
    expect(copy.summary?.totalBookings).toBe(4);
    expect(copy.truncated).toBe(false);
  });

  it("takes in a booking that arrived live inside the window, and not one outside it", async () => {
    const { view } = await openOnline([jane]);
    const soon = makeBooking({ _id: "b5", firstName: "Sue", lastName: "Soon", cleaningDate: todayPlus(1) });
    act(() => {
      socket.current!.emit("newBooking", soon);
      socket.current!.emit("newBooking", later);
    });
    await waitFor(async () => expect(await copiedBookings()).toEqual(["b5:pending", "b1:pending"]));
    view.unmount();

    socket.current = makeFakeSocket();
    reopenOffline("/dashboard/bookings");
    expect(await screen.findByText(/Offline: showing the bookings as last synced on/)).toBeInTheDocument();
    expect(screen.getByText("Sue Soon")).toBeInTheDocument();
    expect(screen.getByText("Jane Doe")).toBeInTheDocument();
  });

  it("follows live updates, moves out of the window and deletions", async () => {
    await openOnline([jane, bob]);
    act(() =>
      socket.current!.emit("bookingUpdated", {
        ...jane,
        status: "confirmed",
        version: 2,
        updatedAt: "2030-06-03T10:00:00.000Z",
      }),
    );
    await waitFor(async () => expect(await copiedBookings()).toContain("b1:confirmed"));
    // Moved to a date outside the window: it leaves the copy.
    act(() => socket.current!.emit("bookingUpdated", { ...bob, cleaningDate: todayPlus(60), version: 2 }));
    await waitFor(async () => expect(await copiedBookings()).toEqual(["b1:confirmed"]));
    act(() => socket.current!.emit("bookingDeleted", { _id: "b1", updatedAt: "2030-06-04T10:00:00.000Z" }));
    await waitFor(async () => expect(await copiedBookings()).toEqual([]));
  });

  it("reads the window again after a reconnection", async () => {
    const bookings = [jane];
    await openOnline(bookings);
    const soon = makeBooking({ _id: "b5", cleaningDate: todayPlus(4) });
    bookings.push(soon);
    act(() => socket.current!.emit("connect"));
    await waitFor(async () => expect(await copiedBookings()).toContain("b5:pending"));
  });

  it("the admin's own status change reaches the copy through its live event", async () => {
    const confirmed = { ...jane, status: "completed" as const, version: 2 };
    await openOnline([jane], {
      "PUT /api/bookings/b1/status": () => {
        setTimeout(() => socket.current!.emit("bookingUpdated", confirmed), 0);
        return Promise.resolve(json({ data: confirmed }));
      },
    });
    await userEvent.selectOptions(screen.getByLabelText("Status of Jane Doe's booking"), "completed");
    await waitFor(async () => expect(await copiedBookings()).toEqual(["b1:completed"]));
  });

  it("opened from the device's copy, does not save that copy again as freshly synced", async () => {
    const { view } = await openOnline([jane]);
    const first = await loadAdminSnapshot();
    view.unmount();
    socket.current = makeFakeSocket();
    reopenOffline();
    await screen.findByText(/Offline: showing the bookings as last synced on/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await loadAdminSnapshot())?.syncedAt).toBe(first?.syncedAt);
  });
});
