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
/** The booking form's labels this helper fills, in English; e2e/spanish.spec.ts passes the Spanish ones. */
export const BOOKING_LABELS = {
  form: "Booking form",
  firstName: "First Name",
  lastName: "Last Name",
  email: "Email",
  contactNumber: "Contact Number",
  homeAddress: "Home Address",
  city: "City",
  zip: "ZIP Code",
  serviceType: "Service Type",
  unitCount: "Number of Units",
  date: "Preferred Date",
  time: "Preferred Time",
  checking: "Checking open times…",
};

export async function fillBookingForm(page: Page, b: BookingPayload, labels = BOOKING_LABELS): Promise<void> {
  const form = page.getByRole("form", { name: labels.form });
  await field(form, labels.firstName).fill(b.firstName);
  await field(form, labels.lastName).fill(b.lastName);
  await field(form, labels.email).fill(b.email);
  await field(form, labels.contactNumber).fill(b.contactNumber);
  await field(form, labels.homeAddress).fill(b.homeAddress);
  await field(form, labels.city).fill(b.city);
  await field(form, labels.zip).fill(b.zip);
  await field(form, labels.serviceType).selectOption(b.serviceType);
  await field(form, labels.unitCount).selectOption(String(b.unitCount));
  await field(form, labels.date).fill(usDate(b.cleaningDate));
  const time = field(form, labels.time);
  // The slots of the typed date load first; choosing before that would pick from the previous list.
  await expect(page.getByText(labels.checking)).toHaveCount(0);
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
  // On a staff screen: the staff kit kept (the shell asked for it as it started; asking again waits for the same).
  if (/^\/(dashboard|jobs|account)(\/|$)/.test(new URL(page.url()).pathname)) {
    const answer = await page.evaluate(async () => {
      const worker = (await navigator.serviceWorker.ready).active!;
      return await new Promise<unknown>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data);
        worker.postMessage({ type: "KEEP_STAFF_KIT" }, [channel.port2]);
      });
    });
    expect(answer).toBe("kept");
  }
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

/** Draws a signature on a signature pad, as a finger would. */
export async function sign(pad: Locator, page: Page) {
  // The pad sits low in the dialog: it must be on screen for the finger to reach it.
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + box.width * (0.15 + i * 0.055), box.y + box.height * (0.6 - Math.sin(i / 2) * 0.25));
  await page.mouse.up();
}
