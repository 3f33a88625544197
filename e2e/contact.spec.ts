// Contact: success banner and emptied fields, the failure text when the API refuses, the banner gone after 5 s,
// and a network failure kept by the device queue until it can be sent.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { uniqueEmail } from "./support/data.ts";
import { field, holdRequests } from "./support/pages.ts";

const SENT = "Message sent successfully! We'll get back to you soon.";
const FAILED = "Failed to send message. Please try again or contact us directly.";
const QUEUED =
  "We couldn't reach our server, so your message is saved on this device and will be sent automatically as soon as the connection is back.";

async function fillContact(page: Page, email = uniqueEmail("contact")) {
  await field(page, "Full Name").fill("Casey Contact");
  await field(page, "Email Address").fill(email);
  await field(page, "Phone Number").fill("(704) 555-0177");
  await field(page, "Service").selectOption({ label: "Dryer Vent Cleaning" });
  await field(page, "Message").fill("Our dryer takes two cycles to dry a load.");
  return email;
}

const send = (page: Page) => page.getByRole("button", { name: "Send Message" }).click();

test("a sent message shows the success banner, empties the fields, and the banner leaves after 5 seconds", async ({
  page,
}) => {
  await page.clock.install();
  await page.goto("/contact");
  // From here the page's timers wait for the test; the send itself needs none.
  await page.clock.pauseAt(Date.now() + 60_000);
  let sent: Record<string, unknown> | null = null;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/contact") && request.method() === "POST") sent = request.postDataJSON();
  });
  const response = page.waitForResponse((r) => r.url().endsWith("/api/contact") && r.request().method() === "POST");
  const email = await fillContact(page);
  await send(page);
  expect((await response).status()).toBe(201);
  // SPEC §5: "Dryer Vent Cleaning" is sent as "Residential Cleaning".
  expect(sent).toEqual({
    name: "Casey Contact",
    email,
    phone: "(704) 555-0177",
    service: "Residential Cleaning",
    message: "Our dryer takes two cycles to dry a load.",
  });
  const banner = page.getByRole("status").filter({ hasText: SENT });
  await expect(banner).toBeVisible();
  for (const label of ["Full Name", "Email Address", "Phone Number", "Message"])
    await expect(field(page, label)).toHaveValue("");
  await expect(field(page, "Service")).toHaveValue("");

  await page.clock.runFor(4_900);
  await expect(banner).toBeVisible();
  await page.clock.runFor(200);
  await expect(banner).toHaveCount(0);
});

test("the button says 'Sending...' and is disabled while the message is on its way", async ({ page }) => {
  await page.goto("/contact");
  const release = await holdRequests(page, "**/api/contact");
  await fillContact(page);
  await send(page);
  const busy = page.getByRole("button", { name: "Sending..." });
  await expect(busy).toBeDisabled();
  release();
  await expect(page.getByText(SENT)).toBeVisible();
  await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
});

test.describe("when the API refuses the message", () => {
  // The page logs the refusal (SPEC §8: the server's message is only logged) and the browser reports the 400.
  test.use({ allowedErrors: [/Contact message failed|status of 400/] });

  test("the failure text shows, the fields are kept, and nothing is queued", async ({ page }) => {
    await page.goto("/contact");
    await page.route("**/api/contact", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ message: "Invalid input" }),
      }),
    );
    const email = await fillContact(page);
    await send(page);
    await expect(page.getByRole("alert").filter({ hasText: FAILED })).toBeVisible();
    await expect(page.getByText("Invalid input")).toHaveCount(0);
    await expect(field(page, "Email Address")).toHaveValue(email);
    await expect(page.getByText(/saved on this device/)).toHaveCount(0);
  });
});

test.describe("when the network fails", () => {
  test.use({ allowedErrors: [/request failed: POST .*\/api\/contact|ERR_INTERNET_DISCONNECTED/] });

  test("the message is saved on this device instead of failing", async ({ page, context }) => {
    await page.goto("/contact");
    let attempts = 0;
    // The context's route also covers the service worker, which replays the device queue by Background Sync.
    await context.route("**/api/contact", (route) => {
      attempts++;
      return route.abort("internetdisconnected");
    });
    await fillContact(page);
    await send(page);
    await expect(page.getByText(QUEUED)).toBeVisible();
    await expect(page.getByText(FAILED)).toHaveCount(0);
    await expect(page.getByText("1 request is saved on this device and will be sent automatically")).toBeVisible();
    await expect(field(page, "Full Name")).toHaveValue("");
    // The first send and its quick retries.
    expect(attempts).toBeGreaterThanOrEqual(1);
  });
});
