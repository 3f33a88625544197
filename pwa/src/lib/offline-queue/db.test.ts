import "fake-indexeddb/auto";
import { openDB } from "idb";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { saveSession } from "../session.ts";
import { flushStatusChanges, listStatusChanges } from "./adminStatusQueue.ts";
import { flushPublicWrites, listPublicWrites } from "./publicWrites.ts";
import { freshQueue, json, mockFetch } from "../../test/offlineQueue.ts";

beforeEach(async () => {
  await freshQueue();
  saveSession("token-1", { _id: "u1", email: "admin@example.com", name: "Admin", role: "admin" });
});
afterEach(() => vi.unstubAllGlobals());

/** What version 1 of the app left on a device: its two queues, each in a store of its own. */
async function leaveVersion1Queues(): Promise<void> {
  const old = await openDB("clearflow", 1, {
    upgrade(database) {
      database.createObjectStore("outbox", { keyPath: "id" });
      database.createObjectStore("admin-status", { keyPath: "bookingId" });
      database.createObjectStore("admin-snapshot");
    },
  });
  await old.put("outbox", {
    id: "o1",
    kind: "booking",
    url: "/api/bookings",
    payload: { firstName: "Ann" },
    key: "key-1",
    state: "pending",
    attempts: 2,
    nextAttemptAt: 0,
    serverHoldUntil: 0,
    createdAt: 1,
    lastError: "Network error",
    failedStatus: null,
  });
  await old.put("admin-status", {
    bookingId: "b1",
    status: "confirmed",
    version: 3,
    state: "pending",
    attempts: 0,
    createdAt: 2,
    lastError: null,
    failedStatus: null,
  });
  old.close();
}

it("moves what an older version queued on the device into the one queue, and still delivers it", async () => {
  await leaveVersion1Queues();

  expect(await listPublicWrites()).toMatchObject([
    { id: "o1", kind: "booking", payload: { firstName: "Ann" }, attempts: 2 },
  ]);
  expect(await listStatusChanges()).toMatchObject([{ bookingId: "b1", status: "confirmed", version: 3 }]);

  const fetchMock = mockFetch(json(201, { data: { _id: "x" } }));
  expect(await flushPublicWrites({ ignoreBackoff: true })).toMatchObject({ pending: 0 });
  expect(fetchMock.mock.calls[0]![0]).toBe("/api/bookings");
  expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get("Idempotency-Key")).toBe("key-1");

  expect(await flushStatusChanges()).toMatchObject({ applied: 1 });
  const [url, init] = fetchMock.mock.calls[1]!;
  expect(url).toBe("/api/bookings/b1/status");
  expect(init?.method).toBe("PUT");
  expect(JSON.parse(String(init?.body))).toEqual({ status: "confirmed", version: 3 });
  expect(await listPublicWrites()).toEqual([]);
  expect(await listStatusChanges()).toEqual([]);
});
