// Steps on the site's screens that several journeys share.
import { expect, type Locator, type Page } from "@playwright/test";
import { usDate, type BookingPayload } from "./data.ts";

/** The route table of SPEC §2 that anyone may open, with what each must show. */
export const PUBLIC_ROUTES: { path: string; name: string; heading: string | RegExp }[] = [
  { path: "/", name: "home", heading: "Cleaner ducts. Healthier air. A home that breathes easier." },
  { path: "/about", name: "about", heading: "About ClearFlow" },
  { path: "/services", name: "services", heading: "Our Services" },
  { path: "/services/air-duct-cleaning", name: "service-detail", heading: "Air Duct Cleaning" },
  { path: "/gallery", name: "gallery", heading: "Our Work" },
  { path: "/contact", name: "contact", heading: "Contact Us" },
  { path: "/booking", name: "booking", heading: "Book Your Appointment" },
  { path: "/booking/dryer-vent-cleaning", name: "booking-service", heading: "Book Your Appointment" },
  { path: "/thank-you", name: "thank-you", heading: "Thank You! Your Booking Is Confirmed" },
  { path: "/privacy", name: "privacy", heading: "Privacy Policy" },
  { path: "/terms", name: "terms", heading: "Terms of Service" },
  { path: "/login", name: "login", heading: "Admin Login" },
];

export const h1 = (page: Page) => page.getByRole("heading", { level: 1 });

/**
 * The control labelled exactly `label`; a required field's label ends in a "*" that is hidden from screen readers
 * (and from the accessible name) but not from getByLabel's text match.
 */
export function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return scope.getByLabel(new RegExp(`^${escaped}\\*?$`));
}

/** Fills the booking form with a payload (date typed, as a person on a phone keyboard would). */
export async function fillBookingForm(page: Page, b: BookingPayload): Promise<void> {
  const form = page.getByRole("form", { name: "Booking form" });
  await field(form, "First Name").fill(b.firstName);
  await field(form, "Last Name").fill(b.lastName);
  await field(form, "Email").fill(b.email);
  await field(form, "Contact Number").fill(b.contactNumber);
  await field(form, "Home Address").fill(b.homeAddress);
  await field(form, "City").fill(b.city);
  await field(form, "ZIP Code").fill(b.zip);
  await field(form, "Service Type").selectOption(b.serviceType);
  await field(form, "Number of Units").selectOption(String(b.unitCount));
  await field(form, "Preferred Date").fill(usDate(b.cleaningDate));
  const time = field(form, "Preferred Time");
  // The slots of the typed date load first; choosing before that would pick from the previous list.
  await expect(page.getByText("Checking open times…")).toHaveCount(0);
  // A random slot that other specs' bookings filled meanwhile: another open time that day is as good, and the payload
  // follows it, so the test's later checks read the time the customer chose.
  if (await time.locator(`option[value="${b.cleaningTime}"]`).isDisabled()) {
    const open = await time.locator('option:not([disabled]):not([value=""])').first().getAttribute("value");
    if (open) b.cleaningTime = open;
  }
  await expect(time.locator(`option[value="${b.cleaningTime}"]`)).toBeEnabled();
  await time.selectOption(b.cleaningTime);
}

/** Waits until a service worker controls the page (reloading once if the first visit was not claimed in time). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const controlled = await page.evaluate(async () => {
    if (navigator.serviceWorker.controller) return true;
    await new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true });
      setTimeout(resolve, 3000);
    });
    return navigator.serviceWorker.controller !== null;
  });
  if (!controlled) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // "activated" only after the activate handler's work (warming the public API cache) is done.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state))
    .toBe("activated");
}

/** Holds the page's requests to `url` until the returned function is called, to see a busy or loading state. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The booking's details on the office's dashboard, and the invoice's panel in them. */
export async function invoicePanel(page: Page, bookingId: string): Promise<Locator> {
  await page.goto(`/dashboard?booking=${bookingId}`);
  return page.getByRole("dialog", { name: "Booking Details" }).getByRole("region", { name: /Invoice/ });
}

/** Voids invoice `number` from its booking's details, with a reason: a step-up action, so a dialog may follow. */
export async function voidFromDetails(page: Page, bookingId: string, number: string): Promise<void> {
  await (await invoicePanel(page, bookingId)).getByRole("button", { name: "Void" }).click();
  const voiding = page.getByRole("dialog", { name: `Void ${number}` });
  await voiding.getByLabel(/^Reason/).fill("Booked twice by mistake");
  await voiding.getByRole("button", { name: "Void Invoice" }).click();
}
