// Gallery: the category filter and the View Larger modal (close button, outside click, Escape, scroll lock).
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

const items = (page: Page) => page.locator(".gallery-grid > li");
const dialog = (page: Page) => page.getByRole("dialog");
const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

test("the filter shows all nine items or one category's", async ({ page }) => {
  await page.goto("/gallery");
  const filter = page.getByRole("group", { name: "Filter by category" });
  await expect(filter.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");
  await expect(items(page)).toHaveCount(9);
  for (const [label, count, tag] of [
    ["Residential", 3, "Residential"],
    ["Commercial", 2, "Commercial"],
    ["Dryer Vents", 2, "Dryer Vents"],
    ["HVAC", 2, "HVAC"],
  ] as const) {
    await filter.getByRole("button", { name: label }).click();
    await expect(filter.getByRole("button", { name: label })).toHaveAttribute("aria-pressed", "true");
    await expect(filter.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "false");
    await expect(items(page)).toHaveCount(count);
    await expect(items(page).locator(".gallery-item__tag")).toHaveText(Array(count).fill(tag));
  }
  await filter.getByRole("button", { name: "All" }).click();
  await expect(items(page)).toHaveCount(9);
});

test("View Larger opens the image in a modal that locks scrolling and closes three ways", async ({ page }) => {
  await page.goto("/gallery");
  await expect(items(page)).toHaveCount(9);
  await page.evaluate(() => window.scrollTo({ top: 400, behavior: "instant" }));
  const open = async (title: string) => {
    await page.getByRole("button", { name: `View larger: ${title}` }).click();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole("heading", { name: title })).toBeVisible();
    await expect(dialog(page).getByRole("img", { name: title })).toBeVisible();
    expect(await bodyOverflow(page)).toBe("hidden");
  };

  // The close button.
  await open("Whole-Home Duct Cleaning");
  const scrollBefore = await page.evaluate(() => window.scrollY);
  await page.mouse.move(20, 400);
  await page.mouse.wheel(0, 600);
  // The wheel event is handled by the next frame; the page must not have moved under the modal.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
  await dialog(page).getByRole("button", { name: "Close" }).click();
  await expect(dialog(page)).toHaveCount(0);
  expect(await bodyOverflow(page)).not.toBe("hidden");

  // A click outside the dialog, on the dimmed backdrop.
  await open("Dryer Vent Lint Removal");
  await page.mouse.click(5, 5);
  await expect(dialog(page)).toHaveCount(0);
  expect(await bodyOverflow(page)).not.toBe("hidden");

  // A click inside the dialog keeps it open; Escape closes it.
  await open("Outdoor AC Coil Cleaning");
  await dialog(page).getByRole("img").click();
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);
  expect(await bodyOverflow(page)).not.toBe("hidden");
  // Focus goes back to the button that opened it.
  await expect(page.getByRole("button", { name: "View larger: Outdoor AC Coil Cleaning" })).toBeFocused();
});
