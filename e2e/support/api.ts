// Direct calls to the real API from the test runner (Playwright's `request` fixture): setup and server-side checks.
import { expect, type APIRequestContext, type BrowserContext } from "@playwright/test";
import type { Booking } from "../../api/contracts/entities.ts";
import { E2E_ADMIN } from "../env.mjs";
import { bookingPayload, type BookingPayload } from "./data.ts";

export type StoredBooking = Booking;

export interface Session {
  token: string;
  user: { email: string; name?: string };
}

/** POST /api/auth/login as the e2e admin. */
export async function adminSession(request: APIRequestContext): Promise<Session> {
  const response = await request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(response.status(), "admin login").toBe(200);
  return (await response.json()) as Session;
}

/** Signs a browser context in the way the login screen does: token and user in local storage. */
export async function signIn(context: BrowserContext, request: APIRequestContext): Promise<Session> {
  const session = await adminSession(request);
  await context.addInitScript(({ token, user }) => {
    if (!sessionStorage.getItem("e2e-signed-in")) {
      // Once per tab, so a test can still log out and stay logged out across navigations.
      sessionStorage.setItem("e2e-signed-in", "1");
      localStorage.setItem("token", token);
      localStorage.setItem("user", JSON.stringify(user));
    }
  }, session);
  return session;
}

/** POST /api/bookings: a valid booking on its own slot and e-mail; answers the stored booking. */
export async function createBooking(
  request: APIRequestContext,
  overrides: Partial<BookingPayload> = {},
): Promise<StoredBooking> {
  const response = await request.post("/api/bookings", { data: bookingPayload(overrides) });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: StoredBooking }).data;
}

/** GET /api/bookings with an admin token. */
export async function listBookings(request: APIRequestContext, token: string): Promise<StoredBooking[]> {
  const response = await request.get("/api/bookings", { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as StoredBooking[];
}

/** The server's bookings with this e-mail. */
export async function bookingsByEmail(
  request: APIRequestContext,
  token: string,
  email: string,
): Promise<StoredBooking[]> {
  return (await listBookings(request, token)).filter((b) => b.email === email);
}
