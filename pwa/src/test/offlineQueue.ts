// Shared by the device queue's tests: a fresh fake IndexedDB per test, fast timings, and fetch answers.
import { IDBFactory } from "fake-indexeddb";
import type { SessionUser } from "@contracts/staff/staff.ts";
import { afterEach, beforeEach, vi } from "vitest";
import { closeDbForTests } from "../lib/offline-queue/db.ts";
import { saveSession } from "../lib/session.ts";
import { queueTiming } from "../lib/offline-queue/timing.ts";

const defaults = {
  ...queueTiming,
  quickRetryDelaysMs: [...queueTiming.quickRetryDelaysMs],
  storageRetryDelaysMs: [...queueTiming.storageRetryDelaysMs],
};

export async function freshQueue(): Promise<void> {
  await closeDbForTests();
  globalThis.indexedDB = new IDBFactory();
  Object.assign(queueTiming, defaults, { quickRetryDelaysMs: [0, 0], storageRetryDelaysMs: [0, 0] });
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

export function mockFetch(...answers: (Response | Error)[]) {
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit): Promise<Response> => {
    const next = answers.length > 1 ? answers.shift()! : answers[0];
    if (!next) throw new Error("no answer configured");
    if (next instanceof Error) throw next;
    return next.clone();
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

export function headerOf(call: unknown[], name: string): string | null {
  const init = call[1] as RequestInit | undefined;
  return new Headers(init?.headers).get(name);
}

export function setOffline(offline: boolean): void {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(!offline);
}

export const TECHNICIAN: SessionUser = { _id: "t1", email: "tech@example.com", name: "Tom Tech", role: "technician" };
export const ADMIN: SessionUser = { _id: "a1", email: "admin@example.com", name: "Admin", role: "admin" };

/** Every test of the file on an empty queue, signed in as `user`, with fetch and every mock put back afterwards. */
export function signedInOnFreshQueue(user: SessionUser): void {
  beforeEach(async () => {
    await freshQueue();
    localStorage.clear();
    saveSession("token-1", user);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
