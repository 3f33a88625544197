// The admin dashboard's stat cards, tables and rows.
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { listBookings } from "./api.ts";

const STAT_LABELS = ["Total Bookings", "Pending Bookings", "Completed", "Booked Value"] as const;

/**
 * The four booking stat cards as shown, e.g. { "Total Bookings": "12", ..., "Booked Value": "$1,234.50" } (the money
 * collected has its own card, read with `collectedCard`).
 */
export async function shownStats(page: Page): Promise<Record<string, string>> {
  const cards = page.getByRole("list", { name: "Booking statistics" }).getByRole("listitem");
  const stats: Record<string, string> = {};
  for (const card of await cards.all()) {
    const label = (await card.locator(".adm-stats__label").textContent()) ?? "";
    if (!(STAT_LABELS as readonly string[]).includes(label)) continue;
    stats[label] = (await card.locator(".adm-stats__value").textContent()) ?? "";
  }
  return stats;
}

/** The stat cards computed from the server's bookings, as the dashboard must show them. */
export async function serverStats(request: APIRequestContext, token: string): Promise<Record<string, string>> {
  const bookings = await listBookings(request, token);
  const revenue = bookings.reduce((sum, b) => sum + (Number(b.estimatedPrice) || 0), 0);
  return {
    [STAT_LABELS[0]]: String(bookings.length),
    [STAT_LABELS[1]]: String(bookings.filter((b) => b.status === "pending").length),
    [STAT_LABELS[2]]: String(bookings.filter((b) => b.status === "completed").length),
    [STAT_LABELS[3]]: new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(revenue),
  };
}

/**
 * Waits until the cards equal what the server holds. Other tests book in parallel, so the comparison is retried
 * until both sides are read between two of their bookings.
 */
export async function expectStatsMatchServer(page: Page, request: APIRequestContext, token: string): Promise<void> {
  await expect
    .poll(async () => {
      const [shown, server] = await Promise.all([shownStats(page), serverStats(request, token)]);
      return JSON.stringify(shown) === JSON.stringify(server)
        ? "equal"
        : `${JSON.stringify(shown)} vs ${JSON.stringify(server)}`;
    })
    .toBe("equal");
}

export const bookingRow = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

export async function openTab(
  page: Page,
  name: "Overview" | "Bookings" | "Services" | "Customers" | "Schedule" | "Staff",
): Promise<void> {
  await page.getByRole("tab", { name }).click();
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
}

/** Opens the dashboard (the context must be signed in) and waits for its data and its live connection. */
export async function openDashboard(page: Page, path = "/dashboard"): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText("Live updates on")).toBeVisible();
}
