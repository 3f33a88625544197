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
  const recent = page.getByRole("table").first().locator("tbody tr");
  const names = () => recent.locator("td:first-child").allTextContents();
  // The newest booking before ours, if there is one: ours must come above it.
  const [older] = await names();
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
  // by name, and is above every booking the dashboard showed before it.
  const name = `Dana ${booking.lastName}`;
  const row = recent.filter({ hasText: name });
  await expect(row).toHaveCount(1);
  if (older !== undefined) {
    await expect
      .poll(async () => {
        const shown = await names();
        const [ours, theirs] = [name, older].map((who) => shown.findIndex((text) => text.includes(who)));
        return ours !== -1 && (theirs === -1 || ours < theirs!);
      })
      .toBe(true);
  }
  await expect(row).toContainText("Supply Vent Cleaning");
  await expect(row).toContainText("$268.20");
  await expect(row).toContainText("Pending");
  await expect.poll(async () => Number((await shownStats(page))["Total Bookings"])).toBeGreaterThan(before);
  await expectStatsMatchServer(page, request, token);
  expect(reloaded).toBe(false);
});
