import "fake-indexeddb/auto";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { ApiError, request, SESSION_EXPIRED_EVENT } from "./http.ts";
import { enqueueStatusChange, listStatusChanges } from "./offline-queue/adminStatusQueue.ts";
import { loadAdminSnapshot, saveAdminSnapshot } from "./offline-queue/adminSnapshot.ts";
import { freshQueue, json, mockFetch, setOffline } from "../test/offlineQueue.ts";
import { saveSession } from "./session.ts";

const admin = { _id: "u1", email: "admin@example.com", name: "Admin", role: "admin" as const };
const snapshot = { bookings: [], services: [], syncedAt: "2030-06-01T10:00:00.000Z" };

beforeEach(async () => {
  await freshQueue();
  saveSession("a.revoked.token", admin);
  await saveAdminSnapshot(snapshot);
});
afterEach(() => vi.unstubAllGlobals());

it("a 401 on an admin call ends the session and deletes the device's customer data, keeping queued changes", async () => {
  setOffline(true);
  await enqueueStatusChange("b1", "confirmed", 1);
  setOffline(false);
  const ended = vi.fn();
  window.addEventListener(SESSION_EXPIRED_EVENT, ended);
  mockFetch(json(401, { message: "Authentication required" }));

  await expect(request("/api/bookings", { auth: true })).rejects.toBeInstanceOf(ApiError);

  window.removeEventListener(SESSION_EXPIRED_EVENT, ended);
  expect(ended).toHaveBeenCalledOnce();
  expect(localStorage.getItem("token")).toBeNull();
  await vi.waitFor(async () => expect(await loadAdminSnapshot()).toBeNull());
  expect(await listStatusChanges()).toMatchObject([{ bookingId: "b1", state: "pending" }]);
});

it("a 401 on a public call (a login refused) leaves session and data alone", async () => {
  mockFetch(json(401, { message: "Invalid email or password" }));

  await expect(request("/api/auth/login", { method: "POST", body: {} })).rejects.toBeInstanceOf(ApiError);

  expect(localStorage.getItem("token")).toBe("a.revoked.token");
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await loadAdminSnapshot()).toEqual(snapshot);
});

it("reads Retry-After once for every caller: delta-seconds or an HTTP date, with the server's message", async () => {
  const answer = (retryAfter: string) =>
    new Response(JSON.stringify({ message: "Too many requests. Please try again later." }), {
      status: 429,
      headers: { "Content-Type": "application/json", "Retry-After": retryAfter },
    });
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => answer("120")),
  );
  const inSeconds = await request("/api/contact", { method: "POST", body: {} }).catch((e: unknown) => e);
  expect(inSeconds).toMatchObject({
    status: 429,
    retryAfterSeconds: 120,
    message: "Too many requests. Please try again later.",
  });
  const inAMinute = new Date(Date.now() + 60_000).toUTCString();
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => answer(inAMinute)),
  );
  const byDate = (await request("/api/contact", { method: "POST", body: {} }).catch((e: unknown) => e)) as ApiError;
  expect(byDate.retryAfterSeconds).toBeGreaterThan(50);
  expect(byDate.retryAfterSeconds).toBeLessThanOrEqual(61);
});
