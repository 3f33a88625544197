// The owner runs the business from Settings: hours, a closed date, a price and the phone number change in the
// dashboard, and the booking form, the served HTML and the server's refusals follow. It changes what every page
// shows, so it runs in a project of its own after the others, and puts the settings back at the end.
import { expect, snapshot, test } from "./fixtures.ts";
import { signIn } from "./support/api.ts";
import { addDays, bookingPayload, BUSINESS_TZ, nextWeekday, todayIn, usDate } from "./support/data.ts";
import { openDashboard, openSection } from "./support/dashboard.ts";
import { field } from "./support/pages.ts";

const NEW_PHONE = "(704) 555-0199";
const NEW_SHORT_NAME = "ClearFlow Air";

test("the owner changes hours, closes a date, changes a price and the phone; the site follows", async ({
  page,
  request,
  context,
}) => {
  test.slow();
  const session = await signIn(context, request);
  const auth = { Authorization: `Bearer ${session.token}` };
  const original = (await (await request.get("/api/settings", { headers: auth })).json()) as Record<string, unknown>;
  const dryer = (await (await request.get("/api/services/dryer-vent-cleaning")).json()) as { price: number };
  // A Wednesday two weeks out: open by default, far from the lead time, inside the horizon.
  const closedDay = nextWeekday(addDays(todayIn(BUSINESS_TZ), 14), 3);
  const closedLong = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${closedDay}T12:00:00Z`),
  );
  try {
    await openDashboard(page);
    // The Quick Actions' Settings (the staff shell's sections have one too).
    await page
      .getByRole("region", { name: "Quick Actions" })
      .getByRole("link", { name: "Settings", exact: true })
      .click();
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Phone")).toHaveValue("(704) 555-0142");

    await page.getByLabel("Phone").fill(NEW_PHONE);
    await page.getByLabel("Short Name").fill(NEW_SHORT_NAME);
    await page.getByRole("checkbox", { name: "Sunday" }).uncheck();
    await page.getByLabel("Monday opens").selectOption("09:00");
    await page.getByRole("button", { name: "Add Closed Date" }).click();
    await page.getByLabel("From", { exact: true }).fill(closedDay);
    await page.getByLabel("Reason shown to customers").fill("Staff training");
    await page.getByRole("checkbox", { name: /Yearly rebook reminder/ }).uncheck();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings saved.")).toBeVisible();
    const saved = (await (await request.get("/api/settings", { headers: auth })).json()) as Record<string, unknown>;
    expect(saved.reminders).toEqual({ visit: true, rebook: false });
    // The page the owner is on follows at once: its staff shell shows the business's new short name (staff screens
    // no longer have the public top bar that showed the phone; the public pages' phone is checked below).
    await expect(page.getByRole("link", { name: NEW_SHORT_NAME, exact: true })).toBeVisible();

    for (const [label, viewport] of [
      ["tablet", { width: 1024, height: 768 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await snapshot(page, `settings-${label}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // The price, in the service's own form.
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await openSection(page, "Services");
    await page.getByRole("button", { name: "Edit Dryer Vent Cleaning" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Service" });
    // The service's job checklist, for a person to look at.
    await expect(dialog.getByRole("group", { name: "Job Checklist" })).toContainText("Required");
    await expect(dialog.getByLabel("Checklist item 1")).toHaveValue("Lint removed from the full run");
    await dialog.getByRole("group", { name: "Job Checklist" }).scrollIntoViewIfNeeded();
    await snapshot(page, "service-form-checklist-1280");
    await field(dialog, "Price ($)").fill("120");
    await dialog.getByRole("button", { name: "Update Service" }).click();
    await expect(dialog.getByText("Service updated successfully!")).toBeVisible();
    await dialog.getByRole("button", { name: "Close", exact: true }).click();

    // The HTML as served, before any script runs, carries the new phone and never the old one.
    const html = await (await request.get("/")).text();
    expect(html).toContain(NEW_PHONE);
    expect(html).not.toContain("(704) 555-0142");

    // A customer's booking form follows: the new price, Sundays and the closed date disabled, Monday from 9 AM.
    const customer = await context.browser()!.newPage();
    await customer.goto("/booking/dryer-vent-cleaning");
    await expect(customer.getByTestId("price-total")).toHaveText("$120.00");
    await expect(customer.getByText(NEW_PHONE).first()).toBeVisible();
    await customer.getByRole("button", { name: "Open calendar" }).click();
    const sunday = nextWeekday(addDays(todayIn(BUSINESS_TZ), 2), 0);
    const dayButton = (iso: string) =>
      customer.getByRole("button", {
        name: new RegExp(
          `^${new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone: "UTC" }).format(new Date(`${iso}T12:00:00Z`))}`,
        ),
      });
    // The calendar opens on the first bookable month; the Sunday two to eight days out may lie in the next one. The
    // month grid's code loads on first use: look once it is there.
    await expect(customer.getByRole("button", { name: "Next month" })).toBeVisible();
    if (!(await dayButton(sunday).isVisible())) await customer.getByRole("button", { name: "Next month" }).click();
    await expect(dayButton(sunday)).toBeDisabled();
    await customer.keyboard.press("Escape");
    await customer.getByLabel("Preferred Date").fill(usDate(closedDay));
    await expect(customer.getByText(`We're closed on ${closedLong} (Staff training)`)).toBeVisible();

    // The server refuses a booking on the closed date with the same reason, whatever the client sends.
    const refused = await request.post("/api/bookings", {
      data: bookingPayload({ cleaningDate: closedDay, cleaningTime: "10:00 AM" }),
    });
    expect(refused.status()).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toBe(
      `We're closed on ${closedLong} (Staff training)`,
    );
    await customer.close();
  } finally {
    const restore = await request.put("/api/settings", { headers: auth, data: original });
    expect(restore.status(), "settings restored").toBe(200);
    const price = await request.put("/api/services/dryer-vent-cleaning", {
      headers: auth,
      data: { ...(await (await request.get("/api/services/dryer-vent-cleaning")).json()), price: dryer.price },
    });
    expect(price.status(), "price restored").toBe(200);
  }
});
