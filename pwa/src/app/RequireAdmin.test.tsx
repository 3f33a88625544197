import "fake-indexeddb/auto";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { enqueueStatusChange, listStatusChanges } from "../lib/offline-queue/adminStatusQueue.ts";
import { loadAdminSnapshot, saveAdminSnapshot } from "../lib/offline-queue/adminSnapshot.ts";
import { freshQueue, setOffline } from "../test/offlineQueue.ts";
import { saveSession } from "../lib/session.ts";
import { renderRoute } from "../test/render.tsx";
import { adminUser, fakeToken, makeBooking } from "../test/staffFixtures.ts";
import { RequireAdmin } from "./RequireAdmin.tsx";

const HOUR = 3600;

beforeEach(async () => {
  await freshQueue();
  // What a tablet holds after a day of use: the copy of customer data and a change made offline.
  saveSession(fakeToken(), adminUser);
  await saveAdminSnapshot({ bookings: [makeBooking()], services: [], syncedAt: "2030-06-01T10:00:00.000Z" });
  setOffline(true);
  await enqueueStatusChange("b1", "confirmed", 1);
});
afterEach(() => vi.unstubAllGlobals());

const guarded = (
  <RequireAdmin>
    <h1>Dashboard</h1>
  </RequireAdmin>
);

it("lets a signed-in admin through and leaves the device's copy alone", async () => {
  renderRoute(guarded, "/dashboard");
  expect(screen.getByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await loadAdminSnapshot()).not.toBeNull();
});

it("an expired token, even offline, goes to /login and deletes the customer data but keeps queued status changes", async () => {
  saveSession(fakeToken(Math.floor(Date.now() / 1000) - HOUR), adminUser);
  renderRoute(guarded, "/dashboard");
  expect(await screen.findByTestId("where")).toHaveTextContent("/login");
  expect(localStorage.getItem("token")).toBeNull();
  await waitFor(async () => expect(await loadAdminSnapshot()).toBeNull());
  expect(await listStatusChanges()).toMatchObject([{ bookingId: "b1", state: "pending" }]);
});

it("a technician who opens an admin screen lands on their jobs; the jobs screen is theirs", () => {
  saveSession(fakeToken(), { ...adminUser, role: "technician" });
  renderRoute(guarded, "/dashboard");
  expect(screen.queryByRole("heading", { name: "Dashboard" })).not.toBeInTheDocument();
  expect(screen.getByTestId("where")).toHaveTextContent("/jobs");
});

it("an admin who opens the technician's screen lands on the dashboard", () => {
  renderRoute(
    <RequireAdmin roles={["technician"]}>
      <h1>My Jobs</h1>
    </RequireAdmin>,
    "/jobs",
  );
  expect(screen.getByTestId("where")).toHaveTextContent("/dashboard");
});
