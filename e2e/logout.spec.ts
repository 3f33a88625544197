// Logout ends the tablet's own session, and "Sign out all other devices" every other session of the one e2e admin, so
// this runs in a project of its own after all other specs (playwright.config.ts): beside them, it would sign out their
// dashboards.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signIn } from "./support/api.ts";
import { h1 } from "./support/pages.ts";

// One after the other, in one worker: signing out every other device would sign out the other test's dashboards.
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

test("logout ends this tablet's session only; Devices then signs every other one out at once, without a reload", async ({
  browser,
  page,
  context,
  request,
}) => {
  await signIn(context, request);
  await page.goto("/dashboard");
  await expect(page.getByText("Live updates on")).toBeVisible();

  const otherContext = await browser.newContext();
  const thirdContext = await browser.newContext();
  try {
    await signIn(otherContext, request);
    const other = await otherContext.newPage();
    await other.goto("/dashboard");
    await expect(other.getByText("Live updates on")).toBeVisible();

    await logoutFromAccountMenu(page);
    await expect(page).toHaveURL(/\/login$/);
    await signIn(thirdContext, request);
    const third = await thirdContext.newPage();
    await third.goto("/dashboard");
    await expect(third.getByText("Live updates on")).toBeVisible();
    // The other tablet's session is its own: it still reads the server (its devices, the third one among them).
    await other.goto("/account/devices");
    await expect(other.getByText("This device")).toBeVisible();
    await other.getByRole("button", { name: "Sign out all other devices" }).click();
    // The server closes the third tablet's socket; its dashboard ends the session by itself.
    await expect(third).toHaveURL(/\/login$/);
    expect(await third.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await expect(other.getByText("This device")).toBeVisible();
  } finally {
    await otherContext.close();
    await thirdContext.close();
  }
});
