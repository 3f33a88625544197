import type { Booking } from "@contracts/bookings/booking.ts";
import { type Page, TOTAL_COUNTED_MAX } from "@contracts/common/paging.ts";
import type { ContactMessage } from "@contracts/contact/contact.ts";
import type { DashboardSummary } from "@contracts/dashboard/summary.ts";
import { DEFAULT_PROFILE } from "@contracts/settings/profile.ts";
import { render, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from "react-router-dom";
import { expect, vi } from "vitest";
import { RequireAdmin } from "../app/RequireAdmin.tsx";
import { resetOfflineWindow } from "../app/dashboard/useOfflineWindow.ts";
import { filtersOf, matchesFilters, sortBookings } from "../features/bookings/bookingFilters.ts";
import { loadAdminSnapshot } from "../lib/offline-queue/adminSnapshot.ts";
import { resetServicesCache } from "../lib/services.ts";
import { freshQueue } from "./offlineQueue.ts";
import { saveSession } from "../lib/session.ts";
import DashboardPage from "../app/dashboard/DashboardPage.tsx";
import BookingsPage from "../app/dashboard/BookingsPage.tsx";
import MessagesPage from "../app/dashboard/MessagesPage.tsx";
import { json, makeFakeSocket, mockFetch } from "./staffApi.ts";
import { adminUser, fakeToken } from "./staffFixtures.ts";

// Test helpers only: the office's screens behind their guard, and a fake of the API's paged lists.

/**
 * A test's start: an empty device (IndexedDB), a new socket double in `socket` (the holder its vi.mock of
 * lib/socket.ts hands out), and an admin signed in.
 */
export async function signedInOnFreshDevice(socket: { current: ReturnType<typeof makeFakeSocket> | null }) {
  await freshQueue();
  resetOfflineWindow();
  resetServicesCache();
  socket.current = makeFakeSocket();
  saveSession(fakeToken(), adminUser);
}

/** Where the router is, for tests of the URL: the path and query on screen, and Back. */
function Where() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="where">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Browser back
      </button>
      <button type="button" onClick={() => navigate(1)}>
        Browser forward
      </button>
    </>
  );
}

const guarded = (page: React.ReactNode) => <RequireAdmin>{page}</RequireAdmin>;

/** The office's screens at `path`, with the screens they lead to. */
export function renderDashboard(path = "/dashboard") {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dashboard" element={guarded(<DashboardPage />)} />
        <Route path="/dashboard/bookings" element={guarded(<BookingsPage />)} />
        <Route path="/dashboard/messages" element={guarded(<MessagesPage />)} />
        <Route path="/dashboard/staff" element={<h1>Staff screen</h1>} />
        <Route path="/dashboard/settings" element={<h1>Settings screen</h1>} />
        <Route path="/dashboard/reports" element={<h1>Reports screen</h1>} />
        <Route path="/login" element={<h1>Login screen</h1>} />
        <Route path="/admin/bookings/edit/:id" element={<h1>Edit screen</h1>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

/** The address the router is at ("/dashboard/bookings?status=pending"). */
export const where = (view: ReturnType<typeof render>) => view.getByTestId("where").textContent;

/** happy-dom has no window.confirm/alert: stand-ins answering `value`. */
export function stubDialog(name: "confirm" | "alert", value: boolean | undefined) {
  const fn = vi.fn(() => value);
  vi.stubGlobal(name, fn);
  return fn;
}

/** A page of `rows` as the API answers it: `limit` from `cursor` (an offset here), and the total, counted so far. */
function paged<T>(rows: readonly T[], url: URL): Page<T> {
  const limit = Number(url.searchParams.get("limit") ?? 50);
  const from = Number(url.searchParams.get("cursor") ?? 0);
  const data = rows.slice(from, from + limit);
  return {
    data,
    nextCursor: from + limit < rows.length ? String(from + limit) : null,
    total: Math.min(rows.length, TOTAL_COUNTED_MAX),
    totalIsAtLeast: rows.length > TOTAL_COUNTED_MAX,
  };
}

/** GET /api/bookings as the server answers it, over `bookings()` (read at each request, so a test can change it). */
export function bookingsApi(bookings: () => readonly Booking[]) {
  return (url: URL) => {
    const filters = filtersOf(url.searchParams);
    const rows = sortBookings(
      bookings().filter((b) => matchesFilters(b, filters)),
      filters.sort,
    );
    return Promise.resolve(json(paged(rows, url)));
  };
}

/** GET /api/contact, paged, with its `read` filter. */
export function contactApi(messages: () => readonly ContactMessage[]) {
  return (url: URL) => {
    const read = url.searchParams.get("read");
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const rows = messages()
      .filter((m) => read === null || String(m.read) === read)
      .filter((m) => !q || `${m.name} ${m.email} ${m.message}`.toLowerCase().includes(q));
    return Promise.resolve(json(paged(rows, url)));
  };
}

/** The summary's figures of `bookings`, as the server's aggregates would say (money collected given apart). */
export function summaryOf(bookings: readonly Booking[], collected = { total: 0, month: 0 }): DashboardSummary {
  return {
    totalBookings: bookings.length,
    pendingBookings: bookings.filter((b) => b.status === "pending").length,
    completed: bookings.filter((b) => b.status === "completed").length,
    totalRevenueCents: collected.total,
    bookedValueCents: Math.round(
      bookings.filter((b) => b.status !== "cancelled").reduce((sum, b) => sum + b.estimatedPrice * 100, 0),
    ),
    collectedThisMonthCents: collected.month,
  };
}

/** The API of the office's screens over `bookings` (a live list: push to it and the next read sees it). */
export function officeApi(bookings: Booking[], extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    "GET /api/bookings": bookingsApi(() => bookings),
    "GET /api/dashboard/summary": () => Promise.resolve(json(summaryOf(bookings))),
    "GET /api/services": { body: [] },
    "GET /api/staff": { body: [] },
    "GET /api/contact": { body: { data: [], nextCursor: null, total: 0 } },
    "GET /api/profile": { body: DEFAULT_PROFILE },
    ...extra,
  });
}

/** A visit date `days` from today in the business's zone (the offline window is counted from it). */
export function todayPlus(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: DEFAULT_PROFILE.timeZone }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The overview loaded online with `bookings`, and the offline window kept on the device. */
export async function openOnline(bookings: Booking[], extra: Parameters<typeof mockFetch>[0] = {}, path?: string) {
  const fetchMock = officeApi(bookings, extra);
  const view = renderDashboard(path);
  await waitFor(async () => expect(await loadAdminSnapshot()).not.toBeNull());
  return { fetchMock, view };
}

/** Opens the screens again with no network at all (load failures are logged, and kept quiet here). */
export function reopenOffline(path?: string) {
  vi.restoreAllMocks();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("offline"));
  return renderDashboard(path);
}
