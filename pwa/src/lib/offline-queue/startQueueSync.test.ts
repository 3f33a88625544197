import "fake-indexeddb/auto";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { enqueueAndSend, listPublicWrites } from "./publicWrites.ts";
import { startQueueSync } from "./startQueueSync.ts";
import { freshQueue, json, mockFetch } from "../../test/offlineQueue.ts";

let stop: (() => void) | undefined;

beforeEach(freshQueue);
afterEach(() => {
  stop?.();
  vi.unstubAllGlobals();
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
