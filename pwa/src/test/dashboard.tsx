import type { Booking } from "@contracts/bookings/booking.ts";
import { render, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { expect, vi } from "vitest";
import { RequireAdmin } from "../app/RequireAdmin.tsx";
import { loadAdminSnapshot } from "../lib/offline-queue/adminSnapshot.ts";
import { freshQueue } from "./offlineQueue.ts";
import { saveSession } from "../lib/session.ts";
import DashboardPage from "../app/dashboard/DashboardPage.tsx";
import { makeFakeSocket, mockFetch } from "./staffApi.ts";
import { adminUser, fakeToken } from "./staffFixtures.ts";

// Test helpers only: the dashboard behind its guard, with the screens it leads to.

/**
 * A test's start: an empty device (IndexedDB), a new socket double in `socket` (the holder its vi.mock of
 * lib/socket.ts hands out), and an admin signed in.
 */
export async function signedInOnFreshDevice(socket: { current: ReturnType<typeof makeFakeSocket> | null }) {
  await freshQueue();
  socket.current = makeFakeSocket();
  saveSession(fakeToken(), adminUser);
}

export function renderDashboard() {
  return render(
    <MemoryRouter initialEntries={["/dashboard"]}>
      <Routes>
        <Route
          path="/dashboard"
          element={
            <RequireAdmin>
              <DashboardPage />
            </RequireAdmin>
          }
        />
        <Route path="/login" element={<h1>Login screen</h1>} />
        <Route path="/admin/bookings/edit/:id" element={<h1>Edit screen</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** happy-dom has no window.confirm/alert: stand-ins answering `value`. */
export function stubDialog(name: "confirm" | "alert", value: boolean | undefined) {
  const fn = vi.fn(() => value);
  vi.stubGlobal(name, fn);
  return fn;
}

/** The dashboard loaded online with `bookings`, and its copy kept on the device. */
export async function openOnline(bookings: Booking[], extra: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    "GET /api/bookings": { body: bookings },
    "GET /api/services": { body: [] },
    "GET /api/contact": { body: [] },
    ...extra,
  });
  const view = renderDashboard();
  await waitFor(async () => expect(await loadAdminSnapshot()).not.toBeNull());
  return { fetchMock, view };
}

/** Opens the dashboard again with no network at all (load failures are logged, and kept quiet here). */
export function reopenOffline() {
  vi.restoreAllMocks();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("offline"));
  return renderDashboard();
}
