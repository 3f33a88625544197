import "fake-indexeddb/auto";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import type { Booking } from "@contracts/bookings/booking.ts";
import type { Service } from "@contracts/services/service.ts";
import { clearAdminData, clearAdminSnapshot, loadAdminSnapshot, saveAdminSnapshot } from "./adminSnapshot.ts";
import { enqueueStatusChange, listStatusChanges } from "./adminStatusQueue.ts";
import { enqueueAndSend, listPublicWrites } from "./publicWrites.ts";
import { freshQueue, mockFetch, setOffline } from "../../test/offlineQueue.ts";

beforeEach(async () => {
  await freshQueue();
  localStorage.setItem("token", "t");
});
afterEach(() => vi.unstubAllGlobals());

const snapshot = {
  bookings: [{ _id: "b1", firstName: "Ann", version: 1 } as Booking],
  services: [{ _id: "s1", title: "Air Duct Cleaning" } as Service],
  syncedAt: "2030-05-06T10:00:00.000Z",
};

it("answers null before the dashboard ever saved a snapshot", async () => {
  expect(await loadAdminSnapshot()).toBeNull();
});

it("reads back the last saved bookings, services and sync time", async () => {
  await saveAdminSnapshot({ ...snapshot, syncedAt: "2030-05-05T10:00:00.000Z" });
  await saveAdminSnapshot(snapshot);

  expect(await loadAdminSnapshot()).toEqual(snapshot);
});

it("clearAdminData empties the snapshot but keeps the queued writes: the admin's status change and a visitor's booking", async () => {
  setOffline(true);
  mockFetch(new TypeError("Failed to fetch"));
  await saveAdminSnapshot(snapshot);
  await enqueueStatusChange("b1", "confirmed", 1);
  await enqueueAndSend("booking", { firstName: "Ann" });

  await clearAdminData();

  expect(await loadAdminSnapshot()).toBeNull();
  expect(await listStatusChanges()).toMatchObject([{ bookingId: "b1", state: "pending" }]);
  expect(await listPublicWrites()).toHaveLength(1);
});

it("saves nothing once the session is gone, so a save still waiting at logout cannot bring customer data back", async () => {
  const saving = saveAdminSnapshot(snapshot);
  // The logout's order: the session first, then the data.
  localStorage.removeItem("token");
  await clearAdminData();
  await saving;

  expect(await loadAdminSnapshot()).toBeNull();
  await saveAdminSnapshot(snapshot);
  expect(await loadAdminSnapshot()).toBeNull();
});

it("clearAdminSnapshot empties the snapshot but keeps the queued status changes for the next login", async () => {
  setOffline(true);
  await saveAdminSnapshot(snapshot);
  await enqueueStatusChange("b1", "confirmed", 1);

  await clearAdminSnapshot();

  expect(await loadAdminSnapshot()).toBeNull();
  expect(await listStatusChanges()).toMatchObject([{ bookingId: "b1", state: "pending" }]);
});
