// Logout revokes every token of the admin (on every device), so it runs in a project of its own after all other
// specs (playwright.config.ts): run beside them, it would sign out their dashboards, which share the one e2e admin.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signIn } from "./support/api.ts";
import { h1 } from "./support/pages.ts";

// One after the other, in one worker: each logout would sign out the other test's dashboards.
test.describe.configure({ mode: "default" });

/** The one Logout: in the shell's account menu. */
async function logoutFromAccountMenu(page: Page): Promise<void> {
  await page.getByRole("button", { name: /, account$/ }).click();
  await page.getByRole("button", { name: "Logout" }).click();
}

test("logout removes the token and user and goes to /login; the dashboard stays closed", async ({
  page,
  context,
  request,
}) => {
  await signIn(context, request);
  await page.goto("/dashboard");
  await expect(h1(page)).toHaveText("Admin Dashboard");
  await logoutFromAccountMenu(page);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user")])).toEqual([
    null,
    null,
  ]);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});

test("logging out on one tablet signs the admin's other open dashboard out at once, without a reload", async ({
  browser,
  page,
  context,
  request,
}) => {
  await signIn(context, request);
  await page.goto("/dashboard");
  await expect(page.getByText("Live updates on")).toBeVisible();

  const otherContext = await browser.newContext();
  try {
    await signIn(otherContext, request);
    const other = await otherContext.newPage();
    await other.goto("/dashboard");
    await expect(other.getByText("Live updates on")).toBeVisible();

    await logoutFromAccountMenu(page);
    await expect(page).toHaveURL(/\/login$/);
    // The server closes the other tablet's socket; its dashboard ends the session by itself.
    await expect(other).toHaveURL(/\/login$/);
    expect(await other.evaluate(() => localStorage.getItem("token"))).toBeNull();
  } finally {
    await otherContext.close();
  }
});
