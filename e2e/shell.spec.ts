// The staff app's shell: signed-in staff work in chrome of their own (the business, their sections, the device
// queue's state, the live status, the account menu), never in the public site's top bar, navigation and footer,
// on a phone, a tablet and a desktop. The public pages keep theirs.
import type { Locator, Page } from "@playwright/test";
import { expect, snapshot, test } from "./fixtures.ts";
import { adminSession, createTechnician, signIn, signInAs } from "./support/api.ts";
import { uniqueName } from "./support/data.ts";
import { openDashboard } from "./support/dashboard.ts";

const SIZES = [
  { label: "390", viewport: { width: 390, height: 844 } },
  { label: "1024", viewport: { width: 1024, height: 768 } },
  { label: "1280", viewport: { width: 1280, height: 800 } },
];

/** The public site's chrome, none of which belongs in the staff app. */
async function expectNoPublicChrome(page: Page): Promise<void> {
  await expect(page.getByText("Emergency Service", { exact: false })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Book Now" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
}

/** The office's areas in the one navigation (Messages may carry its unread count). */
const OFFICE = [
  "Overview",
  "Bookings",
  "Schedule",
  "Customers",
  /^Messages/,
  "Services",
  "Staff",
  "Settings",
  "Reports",
  "Price Book",
];
/** On a phone the tab bar holds the day's areas; the others open from More. */
const OFFICE_PHONE = OFFICE.slice(0, 5);

/** The shell's sections shown, in order, and which one is marked as the page shown. */
async function expectSections(page: Page, labels: (string | RegExp)[], current: string): Promise<Locator> {
  const nav = page.getByRole("navigation", { name: "Sections" });
  await expect(nav.getByRole("link")).toHaveText(labels);
  // The page shown may sit behind a phone's More: found by its mark, not by its visibility.
  await expect(nav.locator("[aria-current]")).toHaveCount(1);
  await expect(nav.locator('[aria-current="page"]')).toHaveText(current);
  return nav;
}

/** Every link and button of the shell is a target a finger can hit, and nothing is wider than the screen. */
async function expectFitsTheScreen(page: Page): Promise<void> {
  const targets = page.locator(".shell-bar a, .shell-bar button, .shell-nav a");
  for (const target of await targets.all()) {
    const box = await target.boundingBox();
    if (!box) continue;
    expect(Math.round(box.height), `${await target.textContent()} is 44px high at least`).toBeGreaterThanOrEqual(44);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "page wider than the screen").toBeLessThanOrEqual(0);
}

test("the office's dashboard opens in the staff shell, on a phone, a tablet and a desktop", async ({
  page,
  context,
  request,
}) => {
  await signIn(context, request);
  await openDashboard(page);
  for (const { label, viewport } of SIZES) {
    await page.setViewportSize(viewport);
    await expectSections(page, label === "390" ? OFFICE_PHONE : OFFICE, "Overview");
    await expect(page.getByRole("button", { name: "All sent" })).toBeVisible();
    await expect(page.getByText("Live updates on")).toBeVisible();
    // SPEC's dashboard header stays, inside the shell.
    await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
    await expectNoPublicChrome(page);
    await expectFitsTheScreen(page);
    await snapshot(page, `shell-dashboard-${label}`);
  }

  // The account menu: who, in which role, and Logout.
  await page.setViewportSize({ width: 390, height: 844 });
  const account = page.getByRole("button", { name: /account/ });
  await account.click();
  await expect(page.getByText("Admin", { exact: true }).or(page.getByText("Owner", { exact: true }))).toBeVisible();
  await expect(page.locator(".shell-account__panel").getByRole("button", { name: "Logout" })).toBeVisible();
  await snapshot(page, "shell-account-390");
  await page.keyboard.press("Escape");
  await expect(account).toHaveAttribute("aria-expanded", "false");

  // A section from the tab bar at the bottom of a phone, and one from behind its More.
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Bookings" }).click();
  await expect(page.getByRole("heading", { name: "All Bookings" })).toBeVisible();
  await expectSections(page, OFFICE_PHONE, "Bookings");
  await page.getByRole("button", { name: "More", exact: true }).click();
  await expectSections(page, OFFICE, "Bookings");
  await snapshot(page, "shell-more-390");
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expectSections(page, OFFICE_PHONE, "Settings");
  await expect(page.getByRole("button", { name: "More", exact: true })).toHaveClass(/shell-nav__link--current/);
  await expectNoPublicChrome(page);
  await snapshot(page, "shell-settings-390");
});

test("a technician's jobs open in the staff shell with My Jobs only, on a phone, a tablet and a desktop", async ({
  page,
  context,
  request,
}) => {
  const tech = await createTechnician(request, await adminSession(request), uniqueName("Shelly"));
  await signInAs(context, tech.session);
  await page.goto("/jobs");
  await expect(page.getByRole("heading", { name: "My Jobs", level: 1 })).toBeVisible();
  await expect(page.getByText("No jobs assigned to you yet.")).toBeVisible();
  for (const { label, viewport } of SIZES) {
    await page.setViewportSize(viewport);
    await expectSections(page, ["My Jobs"], "My Jobs");
    await expect(page.getByRole("button", { name: "All sent" })).toBeVisible();
    await expect(page.getByText("Live updates on")).toBeVisible();
    await expectNoPublicChrome(page);
    await expectFitsTheScreen(page);
    await snapshot(page, `shell-jobs-${label}`);
  }
  await page.getByRole("button", { name: new RegExp(`${tech.name}.*account`) }).click();
  await expect(page.getByText("Technician", { exact: true })).toBeVisible();

  // An office address is not theirs: the shell takes them to their jobs.
  await page.goto("/dashboard/settings");
  await expect(page.getByRole("heading", { name: "My Jobs", level: 1 })).toBeVisible();
  await expectSections(page, ["My Jobs"], "My Jobs");
});

test("the installed app opens on the home page for a visitor, with the public site's chrome", async ({ page }) => {
  for (const { label, viewport } of SIZES.slice(0, 2)) {
    await page.setViewportSize(viewport);
    await page.goto("/app");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator(".top-bar")).toContainText("Emergency Service:");
    // The public navigation (behind its menu button on a phone).
    await expect(page.locator(".site-header")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Book Now", exact: true })).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Sections" })).toHaveCount(0);
    await snapshot(page, `shell-public-home-${label}`);
  }
});

test("the installed app opens a signed-in admin's dashboard", async ({ page, context, request }) => {
  await signIn(context, request);
  await page.goto("/app");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
  await expectSections(page, OFFICE, "Overview");
});
