// Live: a booking made by a customer in another browser appears at the top of an open dashboard, stats updated.
import { expect, test } from "./fixtures.ts";
import { createBooking, signIn } from "./support/api.ts";
import { expectStatsMatchServer, openDashboard, shownStats } from "./support/dashboard.ts";
import { bookingPayload, uniqueName } from "./support/data.ts";
import { fillBookingForm } from "./support/pages.ts";

test("a booking from a second browser appears at the top of the open dashboard without a reload", async ({
  page,
  context,
  request,
  openContext,
}) => {
  const { token } = await signIn(context, request);
  // Made before the dashboard opens, so that it always shows bookings older than ours for the order to be checked.
  await createBooking(request, { lastName: uniqueName("Before") });
  await openDashboard(page);
  const recent = page.getByRole("table").first().locator("tbody tr");
  const names = () => recent.locator("td:first-child").allTextContents();
  await expect(recent).not.toHaveCount(0);
  const before = Number((await shownStats(page))["Total Bookings"]);
  // Every booking shown before ours: ours must come above each of them.
  const older = await names();
  expect(older.length).toBeGreaterThan(0);
  let reloaded = false;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });

  const customer = await openContext();
  const booking = bookingPayload({ lastName: uniqueName("Live"), serviceType: "supply-vent-cleaning", unitCount: 2 });
  await customer.page.goto("/booking");
  await fillBookingForm(customer.page, booking);
  await customer.page.getByRole("button", { name: "Book Appointment" }).click();
  await expect(customer.page).toHaveURL(/\/thank-you$/);

  // Other tests book in parallel, and a booking of theirs may arrive after ours and take the top row: ours is found
  // by name, and no booking the dashboard showed before it is above it. (Should theirs push every older row off the
  // recent list, none is left above ours either, which is what must hold then.)
  const name = `Dana ${booking.lastName}`;
  const row = recent.filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect
    .poll(async () => {
      const shown = await names();
      const ours = shown.findIndex((text) => text.includes(name));
      if (ours === -1) return `ours is not shown: ${shown.join(" | ")}`;
      const above = shown.slice(0, ours).filter((text) => older.includes(text));
      return above.length === 0 ? "above every older one" : `below ${above.join(", ")}`;
    })
    .toBe("above every older one");
  await expect(row).toContainText("Supply Vent Cleaning");
  await expect(row).toContainText("$268.20");
  await expect(row).toContainText("Pending");
  await expect.poll(async () => Number((await shownStats(page))["Total Bookings"])).toBeGreaterThan(before);
  await expectStatsMatchServer(page, request, token);
  expect(reloaded).toBe(false);
});
