import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../session.ts";
import { enqueueAndSend, listPublicWrites } from "./publicWrites.ts";
import { enqueue, list } from "./queue.ts";
import { startQueueSync } from "./startQueueSync.ts";
import { freshQueue, headerOf, json, mockFetch, setOffline } from "../../test/offlineQueue.ts";

let stop: (() => void) | undefined;

beforeEach(freshQueue);
afterEach(() => {
  stop?.();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function queueOne(): Promise<void> {
  mockFetch(new TypeError("Failed to fetch"));
  await enqueueAndSend("contact", { name: "Ann" });
}

it("delivers what is waiting as soon as the app starts, without waiting for the backoff", async () => {
  await queueOne();
  const fetchMock = mockFetch(json(200, { ok: true }));

  stop = startQueueSync();

  await vi.waitFor(async () => expect(await listPublicWrites()).toEqual([]));
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

it("delivers when the browser reports that the network is back", async () => {
  stop = startQueueSync();
  await queueOne();
  const fetchMock = mockFetch(json(200, { ok: true }));

  window.dispatchEvent(new Event("online"));

  await vi.waitFor(async () => expect(await listPublicWrites()).toEqual([]));
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

it("keeps trying on a timer while something is waiting (browsers without Background Sync)", async () => {
  stop = startQueueSync({ intervalMs: 20 });
  await queueOne();
  // Due at once, so the timer's normal (non-forced) flush may send it.
  const items = await listPublicWrites();
  const { db } = await import("./db.ts");
  await (await db()).put("queue", { ...items[0]!, nextAttemptAt: 0 });
  const fetchMock = mockFetch(json(200, { ok: true }));

  await vi.waitFor(async () => expect(await listPublicWrites()).toEqual([]), { timeout: 1_000 });
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

describe("the one flush rule, in a browser without Background Sync", () => {
  beforeEach(() => {
    // As in Safari and Firefox: no SyncManager, no registration.sync.
    vi.stubGlobal("SyncManager", undefined);
    delete (globalThis as { SyncManager?: unknown }).SyncManager;
    expect("SyncManager" in globalThis).toBe(false);
  });

  it("delivers a technician's queued work when the network comes back", async () => {
    saveSession("token-1", { _id: "t1", email: "tia@example.com", name: "Tia Tech", role: "technician" });
    setOffline(true);
    await enqueue(
      {
        kind: "job",
        request: () => ({ method: "POST", url: "/api/bookings/b1/notes", body: {} }),
        staff: true,
        versioned: false,
      },
      { text: "note" },
    );
    stop = startQueueSync({ intervalMs: 60_000 });
    setOffline(false);
    const fetchMock = mockFetch(json(201, { data: {} }));

    window.dispatchEvent(new Event("online"));

    await vi.waitFor(async () => expect(await list(["job"])).toEqual([]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(headerOf(fetchMock.mock.calls[0]!, "Authorization")).toBe("Bearer token-1");
  });

  it("delivers when the page becomes visible again, without waiting for the backoff", async () => {
    stop = startQueueSync({ intervalMs: 60_000 });
    await queueOne();
    const fetchMock = mockFetch(json(200, { ok: true }));

    vi.spyOn(document, "visibilityState", "get").mockReturnValue("visible");
    document.dispatchEvent(new Event("visibilitychange"));

    await vi.waitFor(async () => expect(await listPublicWrites()).toEqual([]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
