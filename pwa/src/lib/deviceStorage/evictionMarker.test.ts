import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { closeDbForTests } from "../offline-queue/db.ts";
import { saveSession } from "../session.ts";
import { freshQueue } from "../../test/offlineQueue.ts";
import { acknowledgeStorageCleared, storageClearedSince } from "./evictionMarker.ts";
import { resetPersistenceForTests } from "./persistence.ts";

const tia = { _id: "t1", email: "tia@example.com", name: "Tia Tech", role: "technician" as const };
const persist = vi.fn(async () => true);

beforeEach(async () => {
  await freshQueue();
  resetPersistenceForTests();
  persist.mockClear();
  vi.stubGlobal("navigator", { ...navigator, storage: { persist } });
  saveSession("token-of-monday-sign-in", tia);
});
afterEach(() => vi.unstubAllGlobals());

/** What a browser evicting the site's IndexedDB under pressure leaves: localStorage, and an empty database. */
async function evictIndexedDb(): Promise<void> {
  await closeDbForTests();
  globalThis.indexedDB = new IDBFactory();
}

const markerCopy = () => JSON.parse(localStorage.getItem("clearflow-storage-marker")!) as { id: string; at: string };
const markerTime = () => markerCopy().at;

it("asks for persistent storage and writes the marker at a sign-in's first start, then says nothing while it stays", async () => {
  expect(await storageClearedSince()).toBeNull();
  expect(persist).toHaveBeenCalledTimes(1);
  const written = markerTime();
  expect(await storageClearedSince()).toBeNull();
  expect(markerTime()).toBe(written);
});

it("notices on start that the storage was cleared since the sign-in, and says so until the person has read it", async () => {
  await storageClearedSince();
  const signedInAt = markerTime();

  await evictIndexedDb();

  expect(await storageClearedSince()).toBe(signedInAt);
  // Still said on the next start: nobody has read it yet.
  expect(await storageClearedSince()).toBe(signedInAt);
  acknowledgeStorageCleared();
  expect(await storageClearedSince()).toBeNull();
});

it("notices a clearing that happened while nobody was signed in, at the next sign-in", async () => {
  await storageClearedSince();
  await evictIndexedDb();
  saveSession("token-of-tuesday-sign-in", tia);
  expect(await storageClearedSince()).not.toBeNull();
});

it("writes a new marker for a new sign-in, without a notice", async () => {
  await storageClearedSince();
  const monday = markerCopy().id;
  saveSession("token-of-tuesday-sign-in", tia);
  expect(await storageClearedSince()).toBeNull();
  expect(markerCopy().id).not.toBe(monday);
  expect(persist).toHaveBeenCalledTimes(1);
});
