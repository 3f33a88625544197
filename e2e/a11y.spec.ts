// Accessibility: axe on every public route, the login and the dashboard: no serious or critical violations.
import { expect, test } from "./fixtures.ts";
import { seriousViolations } from "./support/a11y.ts";
import { signIn } from "./support/api.ts";
import { openDashboard, openSection } from "./support/dashboard.ts";
import { h1, PUBLIC_ROUTES } from "./support/pages.ts";

test("the public pages have no serious or critical axe violations", async ({ page }) => {
  // Twelve pages, each read by axe, in one test: one browser visits them all, as a person browsing would.
  test.slow();
  for (const route of PUBLIC_ROUTES) {
    await test.step(route.path, async () => {
      await page.goto(route.path);
      await expect(h1(page)).toHaveText(route.heading);
      // Cards and footer links come from the services call; check the page with them in it.
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "Air Duct Cleaning" })).toBeVisible();
      expect(await seriousViolations(page), route.path).toEqual([]);
    });
  }
});

test("the gallery modal has no serious or critical axe violations", async ({ page }) => {
  await page.goto("/gallery");
  // Pressed before the app has hydrated the page, the press is held and made again once it has (boot/holdPresses.ts).
  await page.getByRole("button", { name: "View larger: Office Building Ductwork" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the overview and the office's lists have no serious or critical axe violations", async ({
  page,
  context,
  request,
}) => {
  // Four axe analyses of a large page: the heaviest test of the suite on a loaded machine.
  test.slow();
  await signIn(context, request);
  await openDashboard(page);
  expect(await seriousViolations(page)).toEqual([]);
  for (const area of ["Bookings", "Services", "Customers"] as const) {
    await openSection(page, area);
    await expect(page.getByRole("heading", { name: `All ${area}` })).toBeVisible();
    expect(await seriousViolations(page), area).toEqual([]);
  }
});

test("Settings, Staff and Schedule have no serious or critical axe violations", async ({ page, context, request }) => {
  test.slow();
  await signIn(context, request);
  await page.goto("/dashboard/settings");
  await expect(page.getByLabel("Phone")).not.toHaveValue("");
  expect(await seriousViolations(page), "Settings").toEqual([]);
  await openDashboard(page, "/dashboard/staff");
  await expect(page.getByRole("table", { name: "Staff members" })).toBeVisible();
  expect(await seriousViolations(page), "Staff").toEqual([]);
  await page.getByRole("button", { name: "Add Staff Member" }).click();
  await expect(page.getByRole("dialog", { name: "Add Staff Member" })).toBeVisible();
  expect(await seriousViolations(page), "Add Staff Member").toEqual([]);
  await page.getByRole("button", { name: "Cancel" }).click();
  await openSection(page, "Schedule");
  await expect(page.getByRole("heading", { name: /^Schedule:/ })).toBeVisible();
  await expect(page.getByRole("group", { name: "Unassigned", exact: true })).toBeVisible();
  expect(await seriousViolations(page), "Schedule").toEqual([]);
});

test.describe("an invitation link that is not valid", () => {
  // The invitation is looked up and answered 404, which the browser logs.
  test.use({ allowedErrors: [/status of 404/] });

  test("has no serious or critical axe violations", async ({ page }) => {
    await page.goto("/invite/not-a-real-invitation");
    await expect(page.getByRole("heading", { name: "Invitation Not Valid" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
