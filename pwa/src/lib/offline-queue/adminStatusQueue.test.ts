import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../http.ts";
import { getToken, saveSession } from "../session.ts";
import { clearAdminData } from "./adminSnapshot.ts";
import { dismissStatusChange, enqueueStatusChange, flushStatusChanges, listStatusChanges } from "./adminStatusQueue.ts";
import { subscribeQueue, type QueueEvent } from "./events.ts";
import { freshQueue, headerOf, json, mockFetch, setOffline } from "../../test/offlineQueue.ts";

const admin = { _id: "u1", email: "admin@example.com", name: "Admin", role: "admin" as const };
const updated = { _id: "b1", status: "confirmed", version: 4 };

beforeEach(async () => {
  await freshQueue();
  saveSession("token-1", admin);
});
afterEach(() => vi.unstubAllGlobals());

describe("enqueueStatusChange", () => {
  it("applies the change at once when online: PUT with the version and the bearer token", async () => {
    const fetchMock = mockFetch(json(200, { data: updated }));

    const result = await enqueueStatusChange("b1", "confirmed", 3);

    expect(result).toEqual({ state: "applied", booking: updated });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/bookings/b1/status");
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(String(init?.body))).toEqual({ status: "confirmed", version: 3 });
    expect(headerOf(fetchMock.mock.calls[0]!, "Authorization")).toBe("Bearer token-1");
    expect(await listStatusChanges()).toEqual([]);
  });

  it("queues the change while offline and replays it on reconnect with the version and the token of that moment", async () => {
    setOffline(true);
    const offlineFetch = mockFetch(json(200, { data: updated }));
    expect(await enqueueStatusChange("b1", "confirmed", 3)).toEqual({ state: "queued" });
    expect(offlineFetch).not.toHaveBeenCalled();
    expect(await listStatusChanges()).toMatchObject([{ bookingId: "b1", status: "confirmed", version: 3 }]);

    vi.restoreAllMocks();
    saveSession("token-2", admin);
    const events: QueueEvent[] = [];
    subscribeQueue((event) => events.push(event));
    const fetchMock = mockFetch(json(200, { data: updated }));

    expect(await flushStatusChanges()).toMatchObject({ applied: 1, pending: 0 });
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ status: "confirmed", version: 3 });
    expect(headerOf(fetchMock.mock.calls[0]!, "Authorization")).toBe("Bearer token-2");
    expect(await listStatusChanges()).toEqual([]);
    expect(events.find((e) => e.type === "delivered")).toMatchObject({ body: { data: updated } });
  });

  it("keeps the change when the network fails", async () => {
    mockFetch(new TypeError("Failed to fetch"));

    expect(await enqueueStatusChange("b1", "completed", 3)).toEqual({ state: "queued" });
    expect(await listStatusChanges()).toMatchObject([{ state: "pending", attempts: 1 }]);
  });

  it("rejects a conflict on the immediate send with the server's ApiError and keeps nothing", async () => {
    mockFetch(json(409, { message: "This booking was changed by someone else. Reload it and try again." }));

    const error = await enqueueStatusChange("b1", "cancelled", 2).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409 });
    expect(await listStatusChanges()).toEqual([]);
  });

  it("keeps only the newest change of a booking queued offline", async () => {
    setOffline(true);
    await enqueueStatusChange("b1", "confirmed", 3);
    await enqueueStatusChange("b1", "completed", 3);

    expect(await listStatusChanges()).toMatchObject([{ bookingId: "b1", status: "completed", version: 3 }]);
  });
});

describe("flushStatusChanges", () => {
  it("turns a 409 on replay into a visible 'conflict' with the server's message, never retried or overwritten", async () => {
    setOffline(true);
    await enqueueStatusChange("b1", "cancelled", 2);
    vi.restoreAllMocks();
    const events: QueueEvent[] = [];
    subscribeQueue((event) => events.push(event));
    mockFetch(json(409, { message: "This booking was changed by someone else. Reload it and try again." }));

    const result = await flushStatusChanges();

    expect(result.rejected).toHaveLength(1);
    expect(await listStatusChanges()).toMatchObject([
      {
        bookingId: "b1",
        state: "conflict",
        failedStatus: 409,
        lastError: "This booking was changed by someone else. Reload it and try again.",
      },
    ]);
    expect(events.find((e) => e.type === "failed")).toMatchObject({ item: { state: "conflict" } });

    const fetchMock = mockFetch(json(200, { data: updated }));
    await flushStatusChanges();
    expect(fetchMock).not.toHaveBeenCalled();

    await dismissStatusChange("b1");
    expect(await listStatusChanges()).toEqual([]);
  });

  it("does nothing without a session and keeps the queue for after the next login", async () => {
    setOffline(true);
    await enqueueStatusChange("b1", "confirmed", 3);
    vi.restoreAllMocks();
    localStorage.clear();
    const fetchMock = mockFetch(json(200, { data: updated }));

    expect(await flushStatusChanges()).toMatchObject({ applied: 0 });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await listStatusChanges()).toHaveLength(1);
  });

  it("keeps a change whose replay fails while a logout happens, for the admin's next login", async () => {
    setOffline(true);
    await enqueueStatusChange("b1", "confirmed", 3);
    vi.restoreAllMocks();
    let fail!: (error: Error) => void;
    const sent = new Promise<void>((resolve) => {
      vi.stubGlobal(
        "fetch",
        vi.fn(() => {
          resolve();
          return new Promise<Response>((_, reject) => (fail = reject));
        }),
      );
    });

    const flushing = flushStatusChanges();
    await sent;
    await clearAdminData();
    fail(new TypeError("Failed to fetch"));

    expect(await flushing).toMatchObject({ applied: 0, pending: 1 });
    expect(await listStatusChanges()).toMatchObject([{ bookingId: "b1", state: "pending", attempts: 1 }]);
  });

  it("keeps the change when the session has expired (401), ends the session, and replays it after the next login", async () => {
    setOffline(true);
    await enqueueStatusChange("b1", "confirmed", 3);
    vi.restoreAllMocks();
    mockFetch(json(401, { message: "Authentication required" }));

    expect(await flushStatusChanges()).toMatchObject({ applied: 0, pending: 1 });
    expect(await listStatusChanges()).toMatchObject([{ state: "pending" }]);
    expect(getToken()).toBeNull();

    saveSession("token-2", admin);
    const fetchMock = mockFetch(json(200, { data: updated }));
    expect(await flushStatusChanges()).toMatchObject({ applied: 1 });
    expect(headerOf(fetchMock.mock.calls[0]!, "Authorization")).toBe("Bearer token-2");
  });
});
