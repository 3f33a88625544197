// Text a customer typed is shown back exactly, as text, never run as markup or script.
import { expect, test } from "./fixtures.ts";
import { createBooking, signIn } from "./support/api.ts";
import { bookingRow, openDashboard, openSection } from "./support/dashboard.ts";
import { uniqueName } from "./support/data.ts";

const SCRIPT = `<script>window.__pwned = 1</script>`;
const IMG = `<img src=x onerror="window.__pwned = 2">`;
const SQL = `'; drop table bookings; --`;

test("hostile names and comments show on the dashboard as plain text and run nothing", async ({
  page,
  context,
  request,
}) => {
  const lastName = uniqueName("Inert");
  await createBooking(request, {
    firstName: IMG.slice(0, 60),
    lastName,
    homeAddress: SQL,
    comment: `${SCRIPT}\n${SQL}`,
  });
  await signIn(context, request);
  await openDashboard(page);
  await openSection(page, "Bookings");

  const row = bookingRow(page, lastName);
  await expect(row).toContainText(IMG.slice(0, 60));
  await row.getByRole("button", { name: /^View booking of/ }).click();
  const dialog = page.getByRole("dialog", { name: "Booking Details" });
  await expect(dialog).toContainText(SCRIPT);
  await expect(dialog).toContainText(SQL);

  // Had any of it been parsed as HTML, an element would exist and the handler would have run.
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page.locator("img[src='x']")).toHaveCount(0);
  await expect(dialog.locator("script")).toHaveCount(0);
});
