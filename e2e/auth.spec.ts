// Admin login: failure texts, the busy button, success; the dashboard guard. Logout is in logout.spec.ts.
import { E2E_ADMIN } from "./env.mjs";
import { expect, test } from "./fixtures.ts";
import { field, h1, holdRequests } from "./support/pages.ts";
import type { Page } from "@playwright/test";

async function logIn(page: Page, email: string, password: string) {
  await field(page, "Email").fill(email);
  await field(page, "Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

test("the login screen: title, both fields required, the footer", async ({ page }) => {
  await page.goto("/login");
  await expect(h1(page)).toHaveText("Admin Login");
  await expect(field(page, "Email")).toHaveAttribute("type", "email");
  await expect(field(page, "Email")).toHaveAttribute("required", "");
  await expect(field(page, "Password")).toHaveAttribute("required", "");
  await expect(page.getByText("Please contact the system administrator")).toBeVisible();
  // An empty form is stopped by the browser: nothing is sent.
  let sent = false;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/auth/login")) sent = true;
  });
  await page.getByRole("button", { name: "Login" }).click();
  await expect(field(page, "Email")).toBeFocused();
  expect(sent).toBe(false);
});

test.describe("a refused login", () => {
  test.use({ allowedErrors: [/status of 401|ERR_INTERNET_DISCONNECTED|request failed: POST .*\/api\/auth\/login/] });

  test("shows the server's message for a wrong password", async ({ page }) => {
    await page.goto("/login");
    await logIn(page, E2E_ADMIN.email, "not-the-password");
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("button", { name: "Login" })).toBeEnabled();
  });

  test("shows 'Login failed' when the answer carries no message", async ({ page }) => {
    await page.goto("/login");
    await page.route("**/api/auth/login", (route) => route.fulfill({ status: 401, body: "" }));
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page.getByRole("alert")).toHaveText("Login failed");
  });

  test("shows 'Network error. Please try again.' without a network", async ({ page }) => {
    await page.goto("/login");
    await page.route("**/api/auth/login", (route) => route.abort("internetdisconnected"));
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page.getByRole("alert")).toHaveText("Network error. Please try again.");
  });
});

test("a good login shows 'Logging in...', then the dashboard, and keeps the token", async ({ page }) => {
  await page.goto("/login");
  const release = await holdRequests(page, "**/api/auth/login");
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByRole("button", { name: "Logging in..." })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(h1(page)).toHaveText("Admin Dashboard");
  await expect(page.getByText(/^Welcome back/)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("token"))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem("user"))) ?? "{}")).toMatchObject({
    email: E2E_ADMIN.email,
  });
});

test("without a stored token the dashboard and the edit screen send the visitor to /login", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  await expect(h1(page)).toHaveText("Admin Login");
  await page.goto("/admin/bookings/edit/some-id");
  await expect(page).toHaveURL(/\/login$/);
  // A token that is not a valid session (here: no expiry) does not open it either.
  await page.evaluate(() => localStorage.setItem("token", "not-a-token"));
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});
