// Offline-first: installable, every public route without a network after one visit, and bookings and
// messages kept on the device while offline, then delivered exactly once when the network returns.
import type { BrowserContext, Page, Request } from "@playwright/test";
import { SERVICE_NAMES } from "../api/contracts/services/catalog.ts";
import { expect, test } from "./fixtures.ts";
import { bookingsByEmail, signIn } from "./support/api.ts";
import { bookingRow, openDashboard } from "./support/dashboard.ts";
import { bookingPayload, uniqueEmail, uniqueName } from "./support/data.ts";
import { field, fillBookingForm, h1, PUBLIC_ROUTES, waitForServiceWorker } from "./support/pages.ts";

// The worker is what this tests (the config blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

const OFFLINE_PILL = /^You are offline\./;
/** The picture of the service page the offline walk opens. */
const SERVICE_PICTURE = "/images/services/negative-pressure-machine.svg";
const PENDING_NOTICE = "1 request is saved on this device and will be sent automatically when the connection is back.";

/** Every write the page or its service worker sends to `path`, with its Idempotency-Key. */
function recordPosts(context: BrowserContext, path: string): Request[] {
  const posts: Request[] = [];
  context.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === path) posts.push(request);
  });
  return posts;
}

const keysOf = async (posts: Request[]) =>
  new Set(await Promise.all(posts.map((p) => p.headerValue("idempotency-key"))));

/** A card for each seeded service (another test may add one of its own meanwhile, so no exact count). */
async function expectSeededServiceCards(page: Page) {
  for (const name of Object.values(SERVICE_NAMES)) {
    await expect(
      page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) }),
    ).toHaveCount(1);
  }
}

async function goOffline(page: Page, context: BrowserContext) {
  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_PILL)).toBeVisible();
}

test("the manifest is linked and installable, and the service worker installs and controls the page", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBeTruthy();
  const manifest = await (await request.get(new URL(href!, "http://x/").pathname)).json();
  expect(manifest).toMatchObject({
    name: "ClearFlow Duct & Vent Cleaning",
    short_name: "ClearFlow",
    start_url: expect.any(String),
    scope: expect.any(String),
    display: "standalone",
    theme_color: expect.any(String),
    background_color: expect.any(String),
  });
  const icons = manifest.icons as { sizes: string; purpose?: string; src: string }[];
  expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(icons.some((i) => i.purpose?.includes("maskable"))).toBe(true);
  for (const icon of icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
  const shortcuts = (manifest.shortcuts as { url: string }[]).map((s) => s.url);
  expect(shortcuts).toEqual(expect.arrayContaining(["/booking", "/dashboard"]));

  await waitForServiceWorker(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
});

test.describe("without a network", () => {
  // Calls that have no offline copy by design (open times of a date) fail and are logged.
  test.use({ allowedErrors: [/ERR_INTERNET_DISCONNECTED|Could not load availability/] });

  test("after one visit every public route renders, by the menu and by reload", async ({ page, context }) => {
    // Every public route twice, offline, through the service worker.
    test.slow();
    await page.goto("/");
    await waitForServiceWorker(page);
    // The services' pictures are not precached: the worker keeps those the services name once it is active.
    await expect
      .poll(() => page.evaluate(async (path) => !!(await caches.match(path, { cacheName: "images" })), SERVICE_PICTURE))
      .toBe(true);
    await goOffline(page, context);

    // Client-side, through the navigation.
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "About" }).click();
    await expect(h1(page)).toHaveText("About ClearFlow");
    await nav.getByRole("button", { name: "Services" }).click();
    await nav.getByRole("link", { name: "Negative Pressure Machine" }).click();
    await expect(h1(page)).toHaveText("Negative Pressure Machine");
    await expect(page.locator("li.package").first()).toBeVisible();
    await expect
      .poll(() =>
        page.locator("img.detail-intro__img").evaluate(async (img: HTMLImageElement) => {
          await img.decode().catch(() => null);
          return img.naturalWidth;
        }),
      )
      .toBeGreaterThan(0);
    await nav.getByRole("button", { name: "Services" }).click();
    await nav.getByRole("link", { name: "All Services" }).click();
    await expectSeededServiceCards(page);
    await nav.getByRole("link", { name: "Gallery" }).click();
    await expect(page.locator(".gallery-grid img")).toHaveCount(9);
    // The gallery's images come from the cache.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const images = [...document.querySelectorAll<HTMLImageElement>(".gallery-grid img")];
          images.forEach((img) => (img.loading = "eager"));
          await Promise.all(images.map((img) => img.decode().catch(() => null)));
          return images.filter((img) => img.naturalWidth > 0).length;
        }),
      )
      .toBe(9);
    await nav.getByRole("link", { name: "Contact" }).click();
    await expect(h1(page)).toHaveText("Contact Us");
    await nav.getByRole("link", { name: "Book Now" }).click();
    await expect(h1(page)).toHaveText("Book Your Appointment");

    // By loading each address afresh.
    for (const route of [
      ...PUBLIC_ROUTES,
      { path: "/services/hvac-system-cleaning", heading: "HVAC System Cleaning" },
    ]) {
      await page.goto(route.path);
      await expect(h1(page), route.path).toHaveText(route.heading);
      await expect(page.getByText(OFFLINE_PILL)).toBeVisible();
    }
    await page.goto("/services");
    await expectSeededServiceCards(page);
  });
});

test.describe("a booking made offline", () => {
  test.use({ allowedErrors: [/ERR_INTERNET_DISCONNECTED|request failed: POST .*\/api\/bookings/] });

  test("is saved on the device, survives a reload, and arrives once on the server and on a dashboard", async ({
    page,
    context,
    request,
    openContext,
  }) => {
    // A whole journey across two browsers, a reload and a reconnection.
    test.slow();
    const posts = recordPosts(context, "/api/bookings");
    const booking = bookingPayload({ lastName: uniqueName("Offline"), serviceType: "brush-cleaning" });
    await page.goto("/booking");
    await waitForServiceWorker(page);
    await fillBookingForm(page, booking);

    const admin = await openContext();
    const { token } = await signIn(admin.context, request);
    await openDashboard(admin.page);

    // The phone loses its signal just before the customer taps Book.
    await goOffline(page, context);
    await page.getByRole("button", { name: "Book Appointment" }).click();
    // The page follows this booking's own item in the device queue.
    await expect(page).toHaveURL(/\/thank-you\?queued=[0-9a-f-]{36}$/);
    await expect(h1(page)).toHaveText("Your Booking Is Saved on This Device");
    await expect(page.getByText(PENDING_NOTICE)).toBeVisible();

    await page.reload();
    await expect(h1(page)).toHaveText("Your Booking Is Saved on This Device");
    await expect(page.getByText(PENDING_NOTICE)).toBeVisible();
    expect(await bookingsByEmail(request, token, booking.email)).toHaveLength(0);
    await expect(bookingRow(admin.page, booking.lastName)).toHaveCount(0);

    await context.setOffline(false);
    await expect(h1(page)).toHaveText("Thank You! Your Booking Is Confirmed");
    await expect(page.getByText(PENDING_NOTICE)).toHaveCount(0);
    // By name: another test's booking, made in parallel, may arrive after this one and take the top row.
    await expect(bookingRow(admin.page, `Dana ${booking.lastName}`)).toHaveCount(1);

    // Exactly once: one row on the server and on the dashboard, and every attempt carried the same key.
    const stored = await bookingsByEmail(request, token, booking.email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ serviceType: "brush-cleaning", cleaningDate: booking.cleaningDate });
    await expect(bookingRow(admin.page, booking.lastName)).toHaveCount(1);
    expect(posts.length).toBeGreaterThanOrEqual(2);
    expect((await keysOf(posts)).size).toBe(1);
  });
});

test.describe("a contact message written offline", () => {
  test.use({ allowedErrors: [/ERR_INTERNET_DISCONNECTED|request failed: POST .*\/api\/contact/] });

  test("is saved on the device, survives a reload, and is accepted once when the network returns", async ({
    page,
    context,
    request,
  }) => {
    const posts = recordPosts(context, "/api/contact");
    const accepted: { id: string; key: string | null }[] = [];
    context.on("response", async (response) => {
      const req = response.request();
      if (req.method() !== "POST" || new URL(req.url()).pathname !== "/api/contact" || !response.ok()) return;
      const body = (await response.json()) as { data: { _id: string } };
      accepted.push({ id: body.data._id, key: await req.headerValue("idempotency-key") });
    });
    await page.goto("/contact");
    await waitForServiceWorker(page);
    const message = {
      name: "Offline Olivia",
      email: uniqueEmail("offline-contact"),
      phone: "(704) 555-0199",
      service: "Air Duct Cleaning",
      message: "Written in a basement with no signal.",
    };
    await field(page, "Full Name").fill(message.name);
    await field(page, "Email Address").fill(message.email);
    await field(page, "Phone Number").fill(message.phone);
    await field(page, "Service").selectOption({ label: message.service });
    await field(page, "Message").fill(message.message);

    await goOffline(page, context);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(/your message is saved on this device/)).toBeVisible();
    await page.reload();
    await expect(page.getByText(PENDING_NOTICE)).toBeVisible();
    expect(accepted).toEqual([]);

    await context.setOffline(false);
    await expect(page.getByText(PENDING_NOTICE)).toHaveCount(0);
    await expect.poll(() => accepted.length).toBeGreaterThanOrEqual(1);
    const keys = await keysOf(posts);
    expect(keys.size).toBe(1);
    expect(new Set(accepted.map((a) => a.id)).size).toBe(1);

    // The server holds it under that key: the same request again answers the same stored message, not a new one.
    const [key] = [...keys];
    const replay = await request.post("/api/contact", { data: message, headers: { "Idempotency-Key": key! } });
    expect(replay.status()).toBe(201);
    expect(((await replay.json()) as { data: { _id: string } }).data._id).toBe(accepted[0]!.id);
  });
});
