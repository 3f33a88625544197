// Screenshots of each main route on a phone (390x844), a tablet (1024x768) and a desktop (1280x800), written to e2e/artifacts/ for a
// person to look at; each page must also fit its width (no sideways scrolling).
import type { Page } from "@playwright/test";
import { expect, snapshot, test } from "./fixtures.ts";
import { createBooking, signIn } from "./support/api.ts";
import { uniqueEmail, uniqueName } from "./support/data.ts";
import { openDashboard } from "./support/dashboard.ts";
import { manageLinkOf, waitForMail } from "./support/mail.ts";
import { h1, PUBLIC_ROUTES } from "./support/pages.ts";

const SIZES = [
  { label: "phone", viewport: { width: 390, height: 844 } },
  { label: "tablet", viewport: { width: 1024, height: 768 } },
  { label: "desktop", viewport: { width: 1280, height: 800 } },
];

/** Loads the lazy images too (a full-page screenshot does not scroll), then checks nothing is wider than the page. */
async function readyForPicture(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const img of images) img.loading = "eager";
    await Promise.all(images.map((img) => (img.complete ? null : img.decode().catch(() => null))));
  });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "page wider than the screen").toBeLessThanOrEqual(0);
}

for (const { label, viewport } of SIZES) {
  test.describe(`${label} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    // One page visits them all, as a person browsing would: a fresh browser for each picture spent most of its time
    // starting the app anew.
    test("the public pages", async ({ page }) => {
      // Twelve pages and their pictures in one test.
      test.slow();
      for (const route of PUBLIC_ROUTES) {
        await test.step(route.path, async () => {
          await page.goto(route.path);
          await expect(h1(page)).toHaveText(route.heading);
          await expect(page.getByRole("contentinfo").getByRole("link", { name: "Air Duct Cleaning" })).toBeVisible();
          await readyForPicture(page);
          await snapshot(page, `${route.name}-${label}`);
        });
      }
    });

    test("/dashboard", async ({ page, context, request }) => {
      await signIn(context, request);
      // A few rows, so the tables are in the picture even when this test runs first.
      for (const serviceType of ["air-duct-cleaning", "hvac-system-cleaning", "chimney-cleaning"] as const)
        await createBooking(request, { serviceType, lastName: uniqueName("Shot") });
      await openDashboard(page);
      await readyForPicture(page);
      await snapshot(page, `dashboard-${label}`);
    });

    test("/booking/manage/{token}", async ({ page, request }) => {
      const email = uniqueEmail("shot");
      await createBooking(request, { email, unitCount: 2, lastName: uniqueName("Shot") });
      await page.goto(manageLinkOf(await waitForMail(email, /^Booking received/)));
      await expect(page.getByRole("heading", { name: "Your Appointment" })).toBeVisible();
      await readyForPicture(page);
      await snapshot(page, `manage-${label}`);
    });

    test("/dashboard/messages", async ({ page, context, request }) => {
      await signIn(context, request);
      const name = `Riley ${uniqueName("Shot")}`;
      const sent = await request.post("/api/contact", {
        data: {
          name,
          email: uniqueEmail("shot"),
          phone: "(704) 555-0133",
          service: "Air Duct Cleaning",
          message: "We just moved in and the vents are dusty. Could someone take a look at all of them next week?",
        },
      });
      expect(sent.status()).toBe(201);
      await openDashboard(page, "/dashboard/messages");
      await expect(page.getByRole("listitem").filter({ hasText: name })).toBeVisible();
      await readyForPicture(page);
      await snapshot(page, `messages-${label}`);
      await page.getByRole("listitem").filter({ hasText: name }).getByRole("button").click();
      await expect(page.getByRole("dialog", { name: `Message from ${name}` })).toBeVisible();
      await snapshot(page, `message-${label}`);
    });

    test("booking details with its e-mails", async ({ page, context, request }) => {
      await signIn(context, request);
      const lastName = uniqueName("Mails");
      await createBooking(request, { lastName });
      await openDashboard(page, "/dashboard/bookings");
      await page.getByRole("button", { name: `View booking of Dana ${lastName}` }).click();
      await expect(page.getByRole("region", { name: "E-mails" })).toContainText("Sent");
      await snapshot(page, `booking-mails-${label}`);
    });
  });
}
