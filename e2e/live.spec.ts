// Live: a booking made by a customer in another browser appears at the top of an open dashboard, stats updated.
import { expect, test } from "./fixtures.ts";
import { signIn } from "./support/api.ts";
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
  await openDashboard(page);
  const before = Number((await shownStats(page))["Total Bookings"]);
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

  const recent = page.getByRole("table").first().locator("tbody tr");
  await expect(recent.first()).toContainText(`Dana ${booking.lastName}`);
  await expect(recent.first()).toContainText("Supply Vent Cleaning");
  await expect(recent.first()).toContainText("$268.20");
  await expect(recent.first()).toContainText("Pending");
  await expect.poll(async () => Number((await shownStats(page))["Total Bookings"])).toBeGreaterThan(before);
  await expectStatsMatchServer(page, request, token);
  expect(reloaded).toBe(false);
});
