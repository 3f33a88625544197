// The office at any size, at a tablet's 1024 px and a phone's 390 px: a customer found by four digits of their phone,
// a second property added and a visit booked there, a duplicate merged, bookings paged under a filter kept in the URL
// (and found again with Back), and the tablet without a network showing this week's jobs from its window.
import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import type { CustomerDetail } from "../api/contracts/customers/customer.ts";
import { expect, snapshot, shootScreen, test } from "./fixtures.ts";
import { createBooking, signIn, type Session, type StoredBooking } from "./support/api.ts";
import { bookingRow, openDashboard, waitForDeviceCopy } from "./support/dashboard.ts";
import { nextWorkday, randomSlot, uniqueEmail, uniqueName, usDate } from "./support/data.ts";
import { field, waitForServiceWorker } from "./support/pages.ts";

const WIDTHS = [
  { name: "tablet", width: 1024, height: 768 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** Four digits no other test's phone or address holds: only 6, 8 and 9 (the shared test phone is 704-555-0100). */
const fourDigits = () => Array.from(randomBytes(4), (b) => "689"[b % 3]).join("");

let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await signIn(context, request);
});

const auth = () => ({ Authorization: `Bearer ${session.token}` });

async function customerOf(request: APIRequestContext, id: string) {
  const answer = await request.get(`/api/customers/${id}`, { headers: auth() });
  return { status: answer.status(), body: answer.ok() ? ((await answer.json()) as CustomerDetail) : null };
}

/** The Bookings screen's filters are folded behind a button on a phone. */
async function statusFilter(page: Page) {
  const select = page.getByRole("combobox", { name: "Status", exact: true });
  const fold = page.getByRole("button", { name: /^Filters/ });
  await expect(select.or(fold).filter({ visible: true }).first()).toBeVisible();
  if (!(await select.isVisible())) await fold.click();
  return select;
}

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("a customer found by four digits of their phone, a second property added and a visit booked there", async ({
      page,
      request,
    }) => {
      const digits = fourDigits();
      const lastName = uniqueName("Find");
      const booking = await createBooking(request, {
        lastName,
        email: uniqueEmail("find"),
        contactNumber: `(980) 786-${digits}`,
        homeAddress: "12 Oak St",
      });
      const name = `Dana ${lastName}`;

      await openDashboard(page, "/dashboard/customers");
      await page.getByRole("searchbox", { name: "Search" }).fill(digits);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${digits}`));
      const row = page.getByRole("row").filter({ hasText: name });
      await expect(row).toContainText(`(980) 786-${digits}`);
      await expect(row).toContainText("12 Oak St");
      await snapshot(page, `office-customer-search-${size.width}`);

      await row.getByRole("button", { name: /View Details/ }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/customers/${booking.customerId}$`));
      await expect(page.getByRole("heading", { name: "Customer Details" })).toBeVisible();
      await expect(page.getByRole("heading", { name, level: 1 }).or(page.getByText(name).first())).toBeVisible();

      // The landlord's second address, with its gate code.
      await page.getByRole("button", { name: "Add property" }).click();
      const form = page.getByRole("dialog", { name: "Add property" });
      await field(form, "Street").fill("48 Elm Ave");
      await field(form, "City").fill("Matthews");
      await field(form, "ZIP Code").fill("28105");
      await field(form, "Access notes").fill("Gate code 4512, a friendly dog");
      await form.getByRole("button", { name: "Add property" }).click();
      await expect(form).toHaveCount(0);
      const properties = page.getByRole("region", { name: "Properties" });
      await expect(properties.getByRole("listitem")).toHaveCount(2);
      await expect(properties.getByRole("listitem").nth(1)).toContainText("48 Elm Ave, Matthews, NC 28105");
      await expect(properties.getByRole("listitem").nth(1)).toContainText("Gate code 4512, a friendly dog");

      // A visit at the new address, booked by the office while the customer is on the phone.
      // Beyond the days other tests book, and short of the reports spec's period (355 days on).
      const slot = randomSlot(201, 310);
      await page.getByRole("button", { name: /Book a visit at 48 Elm Ave/ }).click();
      const dialog = page.getByRole("dialog", { name: "Book a visit" });
      await expect(dialog).toContainText("48 Elm Ave, Matthews, NC 28105");
      await expect(dialog).toContainText("Gate code 4512");
      await field(dialog, "Service Type").selectOption("air-duct-cleaning");
      await field(dialog, "Number of Units").selectOption("2");
      await field(dialog, "Preferred Date").fill(usDate(slot.date));
      await expect(dialog.getByText("Checking open times…")).toHaveCount(0);
      const time = field(dialog, "Preferred Time");
      // A random slot that other specs' bookings filled meanwhile: another open time that day is as good, and the
      // checks below follow the time chosen.
      if (await time.locator(`option[value="${slot.time}"]`).isDisabled()) {
        const open = await time.locator('option:not([disabled]):not([value=""])').first().getAttribute("value");
        if (open) slot.time = open;
      }
      await expect(time.locator(`option[value="${slot.time}"]`)).toBeEnabled();
      await time.selectOption(slot.time);
      await shootScreen(page, `office-book-visit-${size.width}`);
      await dialog.getByRole("button", { name: "Book visit" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText(/^Visit booked: Air Duct Cleaning/)).toBeVisible();
      await snapshot(page, `office-customer-${size.width}`);

      // On the server: one record, two properties, the new visit at the new one.
      const { body: customer } = await customerOf(request, booking.customerId!);
      expect(customer!.properties).toHaveLength(2);
      const elm = customer!.properties.find((p) => p.street === "48 Elm Ave")!;
      expect(elm.accessNotes).toBe("Gate code 4512, a friendly dog");
      expect(customer!.visits.filter((v) => v.propertyId === elm._id)).toMatchObject([
        { serviceType: "air-duct-cleaning", unitCount: 2, cleaningDate: slot.date, cleaningTime: slot.time },
      ]);
    });

    test("a duplicate (same name at the same street) is listed and merged into the record the office keeps", async ({
      page,
      request,
    }) => {
      const lastName = uniqueName("Dup");
      const name = `Dana ${lastName}`;
      const older = await createBooking(request, { lastName, email: uniqueEmail("dup-a"), homeAddress: "7 Birch Ln" });
      const newer = await createBooking(request, { lastName, email: uniqueEmail("dup-b"), homeAddress: "7 Birch Ln" });
      expect(newer.customerId).not.toBe(older.customerId);

      await openDashboard(page, "/dashboard/customers");
      await page.getByRole("button", { name: /^Possible duplicates/ }).click();
      const list = page.getByRole("dialog", { name: "Possible duplicates" });
      await list.getByRole("button", { name: `Merge ${name} and ${name}` }).click();
      const merge = page.getByRole("dialog", { name: "Merge customers" });
      await expect(merge).toContainText(
        "bookings, properties, estimates, invoices, payments, ratings and portal sessions",
      );
      await shootScreen(page, `office-merge-${size.width}`);
      await merge.getByRole("button", { name: `Merge into ${name}` }).click();

      await expect(page).toHaveURL(new RegExp(`/dashboard/customers/${older.customerId}$`));
      await expect(page.getByRole("heading", { name: "Customer Details" })).toBeVisible();
      await snapshot(page, `office-merged-${size.width}`);

      const kept = await customerOf(request, older.customerId!);
      expect(kept.body!.visits.map((v) => v._id).sort()).toEqual([older._id, newer._id].sort());
      expect(kept.body!.emails).toEqual(expect.arrayContaining([older.email, newer.email]));
      expect((await customerOf(request, newer.customerId!)).status).toBe(404);
    });

    test("bookings page under a filter kept in the URL, and Back comes back to it", async ({ page, request }) => {
      const tag = uniqueName("Page");
      const made: StoredBooking[] = [];
      for (let i = 0; i < 55; i++) {
        made.push(await createBooking(request, { lastName: `${tag}x${String(i).padStart(2, "0")}` }));
      }
      // Two of them confirmed: the filter below leaves them out.
      for (const b of made.slice(0, 2)) {
        const changed = await request.put(`/api/bookings/${b._id}/status`, {
          headers: auth(),
          data: { status: "confirmed", version: b.version },
        });
        expect(changed.status()).toBe(200);
      }

      await openDashboard(page, `/dashboard/bookings?q=${tag}`);
      await expect(page.getByText("Showing 50 of 55 bookings")).toBeVisible();
      await (await statusFilter(page)).selectOption("pending");
      await expect(page).toHaveURL(/[?&]status=pending/);
      await expect(page.getByText("Showing 50 of 53 bookings")).toBeVisible();
      // The next page comes by itself once the list's foot scrolls into view.
      await page.getByRole("button", { name: "Show more" }).scrollIntoViewIfNeeded();
      await expect(page.getByText("Showing 53 of 53 bookings")).toBeVisible();
      await expect(bookingRow(page, `${tag}x00`)).toHaveCount(0);
      await snapshot(page, `office-bookings-filtered-${size.width}`);

      // Away to a booking's edit screen, then Back: the same filtered view, from its URL.
      await bookingRow(page, `${tag}x10`).getByRole("button", { name: /^Edit/ }).click();
      await expect(page).toHaveURL(/\/admin\/bookings\/edit\//);
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/dashboard/bookings\\?.*status=pending`));
      // Back where the person was: the filtered list (the browser may put them back far down it, where the next
      // page comes by itself).
      await expect(page.getByText(/^Showing (50|53) of 53 bookings$/)).toBeVisible();
      await expect(bookingRow(page, `${tag}x10`)).toBeVisible();
      await expect(bookingRow(page, `${tag}x00`)).toHaveCount(0);
      await expect(await statusFilter(page)).toHaveValue("pending");
      // One more step back: the view before the filter.
      await page.goBack();
      await expect(page).not.toHaveURL(/status=/);
      await expect(page.getByText("Showing 50 of 55 bookings")).toBeVisible();
    });

    test.describe("offline", () => {
      // Without a network the office's reads fail, and the screens log it. The reload offline is the worker's.
      test.use({
        serviceWorkers: "allow",
        allowedErrors: [/ERR_INTERNET_DISCONNECTED|Loading (bookings|services|contact messages) failed/],
      });

      test("the tablet without a network shows this week's jobs from its window", async ({
        page,
        context,
        request,
      }) => {
        const soon = await createBooking(request, { lastName: uniqueName("Week"), cleaningDate: nextWorkday() });
        await openDashboard(page, `/dashboard/bookings?q=${soon.lastName}`);
        await waitForServiceWorker(page);
        await expect(bookingRow(page, soon.lastName)).toBeVisible();
        await waitForDeviceCopy(page, soon._id);

        await context.setOffline(true);
        await page.goto("/dashboard/bookings?sort=date");
        await expect(page.getByRole("heading", { name: "All Bookings" })).toBeVisible();
        await expect(page.getByText(/^This device keeps the bookings from/)).toBeVisible();
        await expect(bookingRow(page, soon.lastName)).toContainText("Dryer Vent Cleaning");
        await snapshot(page, `office-offline-week-${size.width}`);
        // A view beyond the window is the server's to answer.
        await page.goto("/dashboard/bookings?from=2020-01-01&to=2020-12-31");
        await expect(page.getByText("This is available online.").first()).toBeVisible();
        await context.setOffline(false);
      });
    });
  });
}
