// The office's screens: the overview's stat cards, the shell's sections, tables and rows.
import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** SPEC's four cards, in its order and words. */
export const STAT_LABELS = ["Total Bookings", "Pending Bookings", "Completed", "Total Revenue"] as const;

/** The four spec cards as shown, e.g. { "Total Bookings": "12", ..., "Total Revenue": "$1,234.50" }. */
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

/** The spec's cards as the server's summary (GET /api/dashboard/summary) says they must read. */
export async function serverStats(request: APIRequestContext, token: string): Promise<Record<string, string>> {
  const answer = await request.get("/api/dashboard/summary", { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  const summary = (await answer.json()) as {
    totalBookings: number;
    pendingBookings: number;
    completed: number;
    totalRevenueCents: number;
  };
  const count = (n: number) => n.toLocaleString("en-US");
  return {
    [STAT_LABELS[0]]: count(summary.totalBookings),
    [STAT_LABELS[1]]: count(summary.pendingBookings),
    [STAT_LABELS[2]]: count(summary.completed),
    [STAT_LABELS[3]]: new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(
      summary.totalRevenueCents / 100,
    ),
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

export type Area = "Overview" | "Bookings" | "Schedule" | "Customers" | "Messages" | "Services" | "Staff";

/** An office area's link in the shell's one navigation (Messages may carry its unread count). */
export const sectionLink = (page: Page, name: Area | "Settings" | "Reports" | "Price Book") =>
  page
    .getByRole("navigation", { name: "Sections" })
    .getByRole("link", { name: name === "Messages" ? /^Messages/ : name, exact: name !== "Messages" });

/** Opens an office area from the shell's navigation (on a phone, behind More when it is not in the tab bar). */
export async function openSection(page: Page, name: Area): Promise<void> {
  const link = sectionLink(page, name);
  const more = page.getByRole("button", { name: "More", exact: true });
  // The navigation is a chunk of its own that may come after the screen: wait for it before looking.
  await expect(link.or(more).filter({ visible: true }).first()).toBeVisible();
  if (!(await link.isVisible())) await more.click();
  await link.click();
  await expect(link).toHaveAttribute("aria-current", "page");
}

/** Each area's own heading, what its screen shows once open. */
const HEADINGS: Record<string, string> = {
  "/dashboard": "Admin Dashboard",
  "/dashboard/bookings": "Bookings",
  "/dashboard/schedule": "Schedule",
  "/dashboard/customers": "Customers",
  "/dashboard/messages": "Messages",
  "/dashboard/services": "Services",
  "/dashboard/staff": "Staff",
};

/** Opens an office screen (the context must be signed in) and waits for its heading and its live connection. */
export async function openDashboard(page: Page, path = "/dashboard"): Promise<void> {
  await page.goto(path);
  const heading = HEADINGS[path.split("?")[0]!] ?? "Admin Dashboard";
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  await expect(page.getByText("Live updates on")).toBeVisible();
}

/** Waits until this device's copy of the dashboard holds the booking, so going offline now cannot race the save. */
export async function waitForDeviceCopy(page: Page, id: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        (bookingId) =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open("clearflow");
            open.onerror = () => resolve(false);
            open.onsuccess = () => {
              const db = open.result;
              const get = db.transaction("admin-snapshot").objectStore("admin-snapshot").get("latest");
              get.onsuccess = () => {
                const bookings = (get.result as { bookings: { _id: string }[] } | undefined)?.bookings ?? [];
                db.close();
                resolve(bookings.some((b) => b._id === bookingId));
              };
              get.onerror = () => resolve(false);
            };
          }),
        id,
      ),
    )
    .toBe(true);
}
