// End to end: a booking made in the browser e-mails the customer a confirmation with a calendar file and a
// manage link (through a real SMTP server), and the customer moves and cancels it from that link while an open
// dashboard follows live; every change e-mails an updated calendar file.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { CANCELLATION_POLICY } from "../api/contracts/bookings/manage.ts";
import { MESSAGES } from "../api/contracts/common/messages.ts";
import { E2E_BASE_URL } from "./env.mjs";
import { expect, snapshot, test } from "./fixtures.ts";
import { signIn } from "./support/api.ts";
import { bookingRow, openDashboard } from "./support/dashboard.ts";
import { BUSINESS_TZ, bookingPayload, randomSlot, uniqueEmail, uniqueName, usDate } from "./support/data.ts";
import { calendarOf, manageLinkOf, waitForMail } from "./support/mail.ts";
import { field, fillBookingForm } from "./support/pages.ts";

const utcDay = (iso: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" }).format(Date.parse(`${iso}T00:00:00Z`));
/** As the manage page writes a date: "Tuesday, March 10, 2026". */
const longDate = (iso: string) => utcDay(iso, { weekday: "long", month: "long", day: "numeric", year: "numeric" });
/** As the dashboard rows write it: "Tue, Mar 10, 2026". */
const shortDate = (iso: string) => utcDay(iso, { weekday: "short", month: "short", day: "numeric", year: "numeric" });

/** Axe's serious and critical WCAG 2.1 AA findings on the page, one line per element. */
async function axeProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  return serious.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
}

/** "9:00 AM" -> "09:00:00", "1:00 PM" -> "13:00:00": the DTSTART time of a slot. */
function slotClock(time: string): string {
  const [, h, pm] = /^(\d+):00 (AM|PM)$/.exec(time)!;
  const hour = (Number(h) % 12) + (pm === "PM" ? 12 : 0);
  return `${String(hour).padStart(2, "0")}:00:00`;
}

test("book in the browser, get the e-mail with its calendar file, then move and cancel from its link", async ({
  page,
  request,
  openContext,
}) => {
  test.setTimeout(120_000);
  const booking = bookingPayload({ lastName: uniqueName("Manage"), email: uniqueEmail("manage") });
  const name = `${booking.firstName} ${booking.lastName}`;

  const admin = await openContext();
  await signIn(admin.context, request);
  // The office watches its Bookings, searched for this customer.
  await openDashboard(admin.page, `/dashboard/bookings?q=${booking.lastName}`);

  await page.goto(`/booking/${booking.serviceType}`);
  await fillBookingForm(page, booking);
  await page.getByRole("button", { name: "Book Appointment" }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  // The office hears of it at once: a new booking waits behind a line rather than jumping into the list.
  await admin.page.getByRole("button", { name: "1 new — show" }).click();
  await expect(bookingRow(admin.page, name)).toBeVisible();

  // The confirmation: text and HTML parts, a calendar file for the slot, and the manage link.
  const received = await waitForMail(booking.email, /^Booking received/);
  expect(received.text).toContain(CANCELLATION_POLICY);
  expect(received.html).toBeTruthy();
  const calendar = calendarOf(received);
  expect(calendar.method).toBe("PUBLISH");
  expect(calendar.start).toBe(`${booking.cleaningDate}T${slotClock(booking.cleaningTime)}`);
  expect(calendar.tzid).toBe(BUSINESS_TZ);
  expect(calendar.summary).toContain("Dryer Vent Cleaning");
  expect(calendar.location).toBe(`${booking.homeAddress}, ${booking.city}, ${booking.state} ${booking.zip}`);
  const link = manageLinkOf(received);
  expect(link.startsWith(`${E2E_BASE_URL}/booking/manage/`)).toBe(true);
  expect(received.html).toContain(link);

  // The link opens the customer's booking.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Your Appointment" })).toBeVisible();
  await expect(page.getByTestId("manage-date")).toHaveText(longDate(booking.cleaningDate));
  await expect(page.getByTestId("manage-time")).toHaveText(booking.cleaningTime);
  await expect(page.getByRole("main").getByText("Dryer Vent Cleaning")).toBeVisible();
  await expect(page.getByText(CANCELLATION_POLICY)).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);

  // Move it to another free slot.
  let next = randomSlot();
  while (next.date === booking.cleaningDate) next = randomSlot();
  await field(page, "New date").fill(usDate(next.date));
  await expect(page.getByText("Checking free times…")).toHaveCount(0);
  const time = field(page, "New time");
  await expect(time.locator(`option[value="${next.time}"]`)).toBeEnabled();
  await time.selectOption(next.time);
  await page.getByRole("button", { name: "Move appointment" }).click();
  await expect(page.getByRole("status").filter({ hasText: MESSAGES.manageRescheduled })).toBeVisible();
  await expect(page.getByTestId("manage-date")).toHaveText(longDate(next.date));
  await expect(page.getByTestId("manage-time")).toHaveText(next.time);
  await expect(page.getByText("Pending", { exact: true })).toBeVisible();
  await snapshot(page, "manage-moved-desktop");

  // The open dashboard shows the move without a reload.
  const row = bookingRow(admin.page, name);
  await expect(row).toContainText(shortDate(next.date));
  await expect(row).toContainText(next.time);

  const moved = await waitForMail(booking.email, /^Appointment moved/);
  const movedCalendar = calendarOf(moved);
  expect(movedCalendar.start).toBe(`${next.date}T${slotClock(next.time)}`);
  expect(movedCalendar.uid).toBe(calendar.uid);
  expect(manageLinkOf(moved)).toBe(link);

  // Cancel, after the confirm.
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe(MESSAGES.confirmCancelBooking);
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Cancel appointment" }).click();
  await expect(page.getByRole("status").filter({ hasText: MESSAGES.manageCancelled })).toBeVisible();
  await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel appointment" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Move appointment" })).toHaveCount(0);
  expect(await axeProblems(page)).toEqual([]);
  await snapshot(page, "manage-cancelled-desktop");
  await expect(row.locator(".adm-badge")).toHaveText("Cancelled");

  const cancelled = await waitForMail(booking.email, /^Appointment cancelled/);
  const cancelCalendar = calendarOf(cancelled);
  expect(cancelCalendar.method).toBe("CANCEL");
  expect(cancelCalendar.uid).toBe(calendar.uid);

  // Coming back to the link later shows the booking as closed, with the phone.
  await page.reload();
  await expect(page.getByText(MESSAGES.manageClosed)).toBeVisible();
  await expect(page.getByRole("link", { name: /\d{3}.*\d{4}/ }).last()).toHaveAttribute("href", /^tel:/);

  // The business inbox heard of the booking.
  await waitForMail("hello@clearflowclean.com", new RegExp(`^New booking: ${name}`));
});

test.describe("a link that is not valid", () => {
  test.use({ allowedErrors: [/status of 404/] });

  test("shows the not-found text and the phone", async ({ page }) => {
    await page.goto("/booking/manage/not-a-real-token");
    await expect(page.getByText(MESSAGES.manageNotFound)).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);
    await expect(page.getByRole("main").getByRole("link", { name: /\d{4}$/ })).toHaveAttribute("href", /^tel:/);
  });
});
