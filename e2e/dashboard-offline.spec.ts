// The dashboard on a tablet with patchy Wi-Fi (decision 0010): it opens without a network from the device's last
// copy, dated; a status change made offline waits on the device and reaches the server once when the network is
// back; one the server refuses on replay (changed meanwhile elsewhere) is shown to staff, never dropped or forced.
import type { APIRequestContext, BrowserContext, Page, Request } from "@playwright/test";
import type { AuditEntry } from "../api/contracts/audit/audit.ts";
import { MESSAGES } from "../api/contracts/common/messages.ts";
import { expect, test } from "./fixtures.ts";
import { createBooking, signIn, type Session, type StoredBooking } from "./support/api.ts";
import { bookingRow, openDashboard, waitForDeviceCopy } from "./support/dashboard.ts";
import { nextWorkday, uniqueName } from "./support/data.ts";
import { waitForServiceWorker } from "./support/pages.ts";

// Without a network the admin API, Socket.IO and the messages fail, and the dashboard logs it (SPEC §8); a replay
// refused with 409 is logged by Chromium as a failed resource.
test.use({
  serviceWorkers: "allow",
  allowedErrors: [/ERR_INTERNET_DISCONNECTED|Loading (bookings|services|contact messages) failed|status of 409/],
});

const OFFLINE_NOTICE = /^Offline: showing the bookings as last synced on (.+)\.$/;
const waitingNotice = (b: StoredBooking, status: string) =>
  `1 status change is saved on this device and will be sent when the connection is back: ` +
  `Dana ${b.lastName} (${b.cleaningDate}) → ${status}.`;

let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await signIn(context, request);
});

/** GET /api/bookings/{id} with the admin token. */
async function onServer(request: APIRequestContext, id: string): Promise<StoredBooking> {
  const response = await request.get(`/api/bookings/${id}`, { headers: { Authorization: `Bearer ${session.token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as StoredBooking;
}

/** The status changes the server recorded for a booking (its audit history). */
async function statusChangesOnServer(request: APIRequestContext, id: string): Promise<AuditEntry[]> {
  const response = await request.get(`/api/bookings/${id}/history`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as AuditEntry[]).filter((e) => e.action === "status");
}

/** Every status write the page sends for this booking. */
function recordStatusPuts(context: BrowserContext, id: string): Request[] {
  const puts: Request[] = [];
  context.on("request", (r) => {
    if (r.method() === "PUT" && new URL(r.url()).pathname === `/api/bookings/${id}/status`) puts.push(r);
  });
  return puts;
}

const statusSelect = (page: Page, b: StoredBooking) =>
  bookingRow(page, b.lastName).getByRole("combobox", { name: `Status of Dana ${b.lastName}'s booking` });
const badge = (page: Page, b: StoredBooking) => bookingRow(page, b.lastName).locator(".adm-badge");

/** Signed in, the Bookings screen loaded online and kept on the device, the service worker in control. */
async function openOnlineThenKeep(page: Page, booking: StoredBooking): Promise<void> {
  await openDashboard(page, "/dashboard/bookings");
  await waitForServiceWorker(page);
  await expect(badge(page, booking)).toHaveText("Pending");
  await waitForDeviceCopy(page, booking._id);
}

test("offline, the dashboard opens from the device with the last-synced bookings, and a status change made then reaches the server once", async ({
  page,
  context,
  request,
}) => {
  const booking = await createBooking(request, { lastName: uniqueName("OfflineDash"), cleaningDate: nextWorkday() });
  const puts = recordStatusPuts(context, booking._id);
  await openOnlineThenKeep(page, booking);
  const syncedDay = await page.evaluate(() => new Date().toLocaleDateString());
  await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);

  // The tablet loses its Wi-Fi and the dashboard is opened again.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "All Bookings" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: OFFLINE_NOTICE })).toContainText(syncedDay);
  await expect(page.getByText("Live updates on")).toHaveCount(0);
  await expect(bookingRow(page, booking.lastName)).toContainText("Dryer Vent Cleaning");
  // The device keeps this week's and the coming month's jobs; the rest of the history is the server's.
  await expect(page.getByText(/^This device keeps the bookings from/)).toContainText("This is available online.");
  await expect(badge(page, booking)).toHaveText("Pending");

  // Confirmed offline: kept on the device and said so, nothing sent; it survives closing the app.
  await statusSelect(page, booking).selectOption("confirmed");
  const waiting = page.getByText(waitingNotice(booking, "confirmed"), { exact: true });
  await expect(waiting).toBeVisible();
  await page.reload();
  await expect(waiting).toBeVisible();
  // The row keeps the choice in its select (the badge stays what the server holds) and says it waits.
  await expect(statusSelect(page, booking)).toHaveValue("confirmed");
  await expect(bookingRow(page, booking.lastName)).toContainText("Confirmed when back online");
  expect(puts).toHaveLength(0);
  expect((await onServer(request, booking._id)).status).toBe("pending");

  // Back online: sent by itself, applied once, and the dashboard is current again.
  await context.setOffline(false);
  await expect(waiting).toHaveCount(0, { timeout: 15_000 });
  await expect(badge(page, booking)).toHaveText("Confirmed");
  await expect(bookingRow(page, booking.lastName)).not.toContainText("when back online");
  expect(await onServer(request, booking._id)).toMatchObject({ status: "confirmed", version: booking.version + 1 });
  expect(await statusChangesOnServer(request, booking._id)).toHaveLength(1);
  expect(puts).toHaveLength(1);
  await expect(page.getByText("Live updates on")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);
});

test("a status change queued offline that the server refuses on replay is shown until dismissed, and nothing is overwritten", async ({
  page,
  context,
  request,
}) => {
  const booking = await createBooking(request, { lastName: uniqueName("OfflineRefused"), cleaningDate: nextWorkday() });
  await openOnlineThenKeep(page, booking);

  await context.setOffline(true);
  await statusSelect(page, booking).selectOption("confirmed");
  await expect(page.getByText(waitingNotice(booking, "confirmed"), { exact: true })).toBeVisible();

  // Meanwhile a colleague on another device cancels the booking.
  const cancel = await request.put(`/api/bookings/${booking._id}/status`, {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { status: "cancelled", version: booking.version },
  });
  expect(cancel.status()).toBe(200);

  await context.setOffline(false);
  const refused = page.getByRole("alert").filter({
    hasText: `Status change of Dana ${booking.lastName} (${booking.cleaningDate}) to confirmed was not applied`,
  });
  await expect(refused).toContainText(MESSAGES.staleVersion, { timeout: 15_000 });
  await expect(page.getByText(/status change(s are| is) saved on this device/)).toHaveCount(0);
  // The colleague's change stands, on the server and on this dashboard.
  expect(await onServer(request, booking._id)).toMatchObject({ status: "cancelled", version: booking.version + 1 });
  expect(await statusChangesOnServer(request, booking._id)).toHaveLength(1);
  await expect(badge(page, booking)).toHaveText("Cancelled", { timeout: 15_000 });

  // Still there after a reload, until staff dismiss it.
  await page.reload();
  await expect(refused).toBeVisible();
  await refused.getByRole("button", { name: "Dismiss" }).click();
  await expect(refused).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "All Bookings" })).toBeVisible();
  await expect(refused).toHaveCount(0);
});
