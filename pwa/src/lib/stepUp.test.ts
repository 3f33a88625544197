import "fake-indexeddb/auto";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { ApiError, fetchWithToken, handleRefusals, request } from "./http.ts";
import { saveSession } from "./session.ts";
import { SETUP_REQUIRED_EVENT, setStepUpAsker, staffRefusals } from "./stepUp.ts";
import { headerOf, json, mockFetch } from "../test/offlineQueue.ts";

const admin = { _id: "u1", email: "admin@example.com", name: "Admin", role: "admin" as const };
const REAUTH = { message: "Confirm it's you: sign in again to do this.", reauth: true };

let unregister: (() => void) | null = null;
beforeEach(() => {
  saveSession("old.session.token", admin);
  // As the staff shell does when it opens.
  handleRefusals(staffRefusals);
});
afterEach(() => {
  handleRefusals(null);
  unregister?.();
  unregister = null;
  vi.unstubAllGlobals();
});

it("a step-up refusal asks the person, then repeats the action once with the confirmed token", async () => {
  const ask = vi.fn(async () => {
    saveSession("confirmed.session.token", admin);
    return true;
  });
  unregister = setStepUpAsker(ask);
  const fetch = mockFetch(json(401, REAUTH), json(201, { refunded: true }));

  await expect(request("/api/payments/p1/refunds", { method: "POST", auth: true, body: {} })).resolves.toEqual({
    refunded: true,
  });

  expect(ask).toHaveBeenCalledOnce();
  expect(fetch).toHaveBeenCalledTimes(2);
  expect(headerOf(fetch.mock.calls[1]!, "Authorization")).toBe("Bearer confirmed.session.token");
  expect(localStorage.getItem("token")).toBe("confirmed.session.token");
});

it("cancelled, the refusal stands and the session is kept", async () => {
  unregister = setStepUpAsker(async () => false);
  const fetch = mockFetch(json(401, REAUTH));

  const error = await request("/api/invoices/i1/void", { method: "POST", auth: true, body: {} }).catch((e) => e);

  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).body?.reauth).toBe(true);
  expect(fetch).toHaveBeenCalledOnce();
  expect(localStorage.getItem("token")).toBe("old.session.token");
});

it("a second refusal after confirming is not asked about again", async () => {
  const ask = vi.fn(async () => true);
  unregister = setStepUpAsker(ask);
  mockFetch(json(401, REAUTH), json(401, REAUTH));

  await expect(request("/api/staff", { method: "POST", auth: true, body: {} })).rejects.toBeInstanceOf(ApiError);
  expect(ask).toHaveBeenCalledOnce();
});

it("a CSV export refused for step-up is fetched again once confirmed", async () => {
  unregister = setStepUpAsker(async () => true);
  mockFetch(json(401, REAUTH), new Response("a,b\n1,2\n", { status: 200 }));

  const response = await fetchWithToken("/api/reports/customers.csv?from=2026-01-01&to=2026-01-31");
  expect(await response.text()).toBe("a,b\n1,2\n");
});

it("a plain 401 still ends the session, with nobody asked", async () => {
  const ask = vi.fn(async () => true);
  unregister = setStepUpAsker(ask);
  mockFetch(json(401, { message: "Authentication required" }));

  await expect(request("/api/bookings", { auth: true })).rejects.toBeInstanceOf(ApiError);
  expect(ask).not.toHaveBeenCalled();
  expect(localStorage.getItem("token")).toBeNull();
});

it("a session the sign-in policy holds is sent to set up its second factor, and stays signed in", async () => {
  const held = vi.fn();
  window.addEventListener(SETUP_REQUIRED_EVENT, held);
  mockFetch(json(403, { message: "Set up two-step verification before going on.", setupRequired: true }));

  await expect(request("/api/bookings", { auth: true })).rejects.toBeInstanceOf(ApiError);

  window.removeEventListener(SETUP_REQUIRED_EVENT, held);
  expect(held).toHaveBeenCalledOnce();
  expect(localStorage.getItem("token")).toBe("old.session.token");
});
