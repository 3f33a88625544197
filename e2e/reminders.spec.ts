// The yearly reminder's unsubscribe page: opening it changes nothing, the button does, and a stale link
// says so in the server's words with the business's phone. The one-click POST itself is tested in the API.
import { expect, snapshot, test } from "./fixtures.ts";

// The stale link's 404 is the answer under test; the browser logs it as a failed resource.
test.use({ allowedErrors: [/status of 404/] });

test("the unsubscribe page asks first, and tells a stale link apart", async ({ page }) => {
  const token = "0".repeat(64);
  await page.goto(`/unsubscribe/${token}`);
  await expect(page.getByRole("heading", { name: "Yearly Reminders", level: 1 })).toBeVisible();
  await expect(page.getByText(/Stop the yearly reminder e-mails from/)).toBeVisible();
  for (const [width, height] of [
    [390, 844],
    [1024, 768],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await snapshot(page, `unsubscribe-${width}`);
  }
  const answer = page.waitForResponse((r) => r.url().endsWith(`/api/unsubscribe/${token}`));
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  expect((await answer).status()).toBe(404);
  await expect(page.getByRole("alert")).toContainText("That unsubscribe link is not valid.");
  await expect(page.getByRole("alert").getByRole("link", { name: "(704) 555-0142" })).toBeVisible();
});
