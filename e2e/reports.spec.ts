// Reports: the owner opens Reports from the quick action, looks at last month and at a period of their
// own, reads a chart as a table, prints it on one page, and downloads both CSVs for the accountant.
import { parse } from "csv-parse/sync";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, snapshot, test } from "./fixtures.ts";
import { seriousViolations } from "./support/a11y.ts";
import { createBooking, signIn } from "./support/api.ts";
import { addDays, BUSINESS_TZ, isSaturday, todayIn, uniqueEmail, uniqueName } from "./support/data.ts";
import { openDashboard } from "./support/dashboard.ts";

/**
 * Days far beyond where the other tests book (randomSlot: 10–200 days ahead; the slot specs reach 310, the board's
 * days 351), within the 365-day horizon, so the period holds only ours.
 */
function quietDays(): string[] {
  const days: string[] = [];
  for (let day = addDays(todayIn(BUSINESS_TZ), 355); days.length < 3; day = addDays(day, 1))
    if (!isSaturday(day)) days.push(day);
  return days;
}

async function download(page: Page, label: string): Promise<{ name: string; rows: string[][] }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: label }).click()]);
  const text = await readFile((await file.path())!);
  return { name: file.suggestedFilename(), rows: parse(text, { bom: true }) as string[][] };
}

test("the owner reads last month and a period of their own, as charts and tables, prints it and exports both CSVs", async ({
  page,
  context,
  request,
}) => {
  test.slow();
  await signIn(context, request);
  const days = quietDays();
  const tag = uniqueName("Rep");
  for (const [i, day] of days.entries())
    await createBooking(request, {
      lastName: `${tag}${i}`,
      email: uniqueEmail(`report${i}`),
      cleaningDate: day,
      comment: i === 0 ? '=HYPERLINK("http://evil.example","Refund")' : "",
    });

  await openDashboard(page);
  await page.getByRole("link", { name: "Generate Report" }).click();
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Last month" }).click();
  await expect(page.getByRole("button", { name: "Last month" })).toHaveAttribute("aria-pressed", "true");
  const series = page.getByRole("region", { name: "Revenue and visits per day" });
  await expect(series.locator("canvas")).toBeVisible();
  await series.getByRole("button", { name: "Table view" }).click();
  await expect(series.getByRole("table")).toBeVisible();
  // One row per day of last month.
  expect(await series.getByRole("table").locator("tbody tr").count()).toBeGreaterThanOrEqual(28);

  await page.getByLabel("From", { exact: true }).fill(days[0]!);
  await page.getByLabel("To", { exact: true }).fill(days.at(-1)!);
  // The figures of our period, not last month's still on screen.
  const [summary] = await Promise.all([
    page.waitForResponse(
      (r) =>
        r.url().includes("/api/reports/summary?") &&
        r.url().includes(`from=${days[0]}`) &&
        r.url().includes(`to=${days.at(-1)}`),
    ),
    page.getByRole("button", { name: "Show", exact: true }).click(),
  ]);
  expect(summary.status()).toBe(200);
  const figures = page.getByRole("list", { name: "Figures" });
  const bookingsFigure = figures
    .getByRole("listitem")
    .filter({ has: page.getByText("Bookings", { exact: true }) })
    .locator(".reports__figure-value");
  // The whole figure: "13" or "$300" would contain a 3.
  await expect(bookingsFigure).toHaveText("3");
  await expect(page.getByRole("region", { name: "Revenue by service" }).locator("canvas")).toBeVisible();
  await expect(page.getByRole("region", { name: "Bookings by ZIP code (top 10)" }).locator("canvas")).toBeVisible();
  expect(await seriousViolations(page), "the Reports screen").toEqual([]);
  for (const width of [1280, 1024, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    // The charts follow the new width on their next frame: nothing may stick out of the page.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await snapshot(page, `reports-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Printed: the figures and the four charts on one page.
  await page.emulateMedia({ media: "print" });
  await snapshot(page, "reports-print");
  const pdf = (await page.pdf({ format: "Letter", printBackground: true })).toString("latin1");
  expect(pdf.match(/\/Type\s*\/Page\b/g)?.length, "printed pages").toBe(1);
  await page.emulateMedia({ media: "screen" });

  const bookings = await download(page, "Bookings CSV");
  expect(bookings.name).toBe(`bookings-${days[0]}-to-${days.at(-1)}.csv`);
  expect(bookings.rows[0]![0]).toBe("Booking ID");
  expect(bookings.rows).toHaveLength(1 + 3);
  const comment = bookings.rows[0]!.indexOf("Comment");
  expect(bookings.rows.map((r) => r[comment])).toContain(`'=HYPERLINK("http://evil.example","Refund")`);
  const customers = await download(page, "Customers CSV");
  expect(customers.name).toBe(`customers-${days[0]}-to-${days.at(-1)}.csv`);
  expect(customers.rows).toHaveLength(1 + 3);
});
