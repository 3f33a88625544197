// Texts end to end through the local Twilio peer: a customer books on a phone with the box ticked, the confirmation
// reaches the peer, their "C" shows live in the office's open Messages, the office answers, and STOP ends the texts,
// the next reminder's too.
import { randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { E2E_TWILIO_ORIGIN_FILE } from "./env.mjs";
import { expect, snapshot, test } from "./fixtures.ts";
import { adminSession, bookingsByEmail, signIn } from "./support/api.ts";
import { bookingPayload, freeTime, nextWorkday, uniqueName } from "./support/data.ts";
import { waitForMail } from "./support/mail.ts";
import { fillBookingForm } from "./support/pages.ts";

// The office's reply to a number that replied STOP is refused (409): the refusal under test, logged by the browser.
test.use({ allowedErrors: [/status of 409/] });

interface PeerText {
  sid: string;
  to: string;
  body: string;
  status: string;
}

const peer = () => readFileSync(E2E_TWILIO_ORIGIN_FILE, "utf8").trim();

/** Every text the peer received for `number`, oldest first. */
async function textsTo(request: APIRequestContext, number: string): Promise<PeerText[]> {
  const response = await request.get(`${peer()}/_peer/messages`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as PeerText[]).filter((text) => text.to === number);
}

/** The customer texts us from `number`: the peer posts it, signed, to the site's webhook. */
async function customerTexts(request: APIRequestContext, number: string, body: string): Promise<void> {
  const response = await request.post(`${peer()}/_peer/inbound`, { data: { from: number, body } });
  expect(((await response.json()) as { status: number }).status, `the webhook's answer to "${body}"`).toBe(200);
}

test("a customer who ticks the box is texted, replies, is answered by the office, and STOP stops the next reminder", async ({
  page,
  openContext,
  request,
}) => {
  test.slow();
  const last4 = `01${randomInt(10, 99)}`;
  const number = `+1704555${last4}`;
  const lastName = uniqueName("Texter");
  const booking = bookingPayload({ lastName, contactNumber: `(704) 555-${last4}`, serviceType: "air-duct-cleaning" });

  // The customer books on a phone, with the box ticked beside its disclosure.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/booking");
  await fillBookingForm(page, booking);
  const box = page.getByRole("checkbox", { name: "Text me about this visit" });
  await expect(box).not.toBeChecked();
  await expect(page.locator("#sms-disclosure")).toHaveText(
    /^ClearFlow Duct & Vent Cleaning will text you about this visit: .*Msg & data rates may apply\. Reply STOP to opt out, HELP for help\.$/,
  );
  await box.check();
  await page.getByRole("button", { name: "Book Appointment" }).click();
  await expect(page).toHaveURL(/\/thank-you/);

  // The confirmation reaches the peer, with the customer's link on our own domain.
  await expect
    .poll(async () => (await textsTo(request, number)).map((t) => t.body).join("\n"), { timeout: 30_000 })
    .toMatch(/visit is booked for .*\/t\/\w+/s);

  // The office has Messages open on its texts when the customer answers "C".
  const office = await openContext();
  await signIn(office.context, request);
  await office.page.goto("/dashboard/messages/texts");
  await expect(office.page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
  await expect(office.page.getByText("Live updates on")).toBeVisible();
  const row = office.page.getByRole("row").filter({ hasText: `Dana ${lastName}` });
  await expect(row).toContainText("You: ");
  await customerTexts(request, number, "C");
  // Counted unread live. The row's last text is the "C" only until our answer to it follows, a moment later: the
  // "C" itself is read in the conversation below.
  await expect(row).toContainText("1 unread");
  // "C" confirmed the visit, and the customer was told.
  await expect
    .poll(async () => (await textsTo(request, number)).map((t) => t.body).join("\n"))
    .toMatch(/your visit on .* is confirmed/);

  // The office opens the conversation and answers.
  await row.getByRole("button", { name: `Open the texts with Dana ${lastName}` }).click();
  const thread = office.page.getByRole("list", { name: "Texts" });
  await expect(thread.getByText("C", { exact: true })).toBeVisible();
  await expect(office.page.getByText(/^Texts allowed since .*, on the booking form\.$/)).toBeVisible();
  const answer = "Thank you! Your technician will call 30 minutes before arriving.";
  await office.page.getByRole("textbox", { name: "Reply" }).fill(answer);
  await office.page.getByRole("button", { name: "Send text" }).click();
  const sent = thread.getByRole("listitem").filter({ hasText: answer });
  // Its delivery state arrives live as the peer reports it.
  await expect(sent).toContainText("Delivered");
  await expect.poll(async () => (await textsTo(request, number)).some((t) => t.body === answer)).toBe(true);

  // The conversation as the office sees it, on a laptop and on a phone.
  for (const [width, height] of [
    [1024, 768],
    [390, 844],
  ] as const) {
    await office.page.setViewportSize({ width, height });
    // From the top: the shell's bar stays at the top of a full-page capture only when the page is not scrolled.
    await office.page.evaluate(() => window.scrollTo(0, 0));
    await snapshot(office.page, `texts-conversation-${width}`);
  }

  // STOP: answered once, the number opted out, and nothing more is texted to it.
  await customerTexts(request, number, "STOP");
  await expect(office.page.getByText(/^Opted out of texts on .*, by a text reply\.$/)).toBeVisible();
  await expect
    .poll(async () => (await textsTo(request, number)).filter((t) => /no more texts from us/.test(t.body)).length)
    .toBe(1);
  const before = (await textsTo(request, number)).length;
  await office.page.getByRole("textbox", { name: "Reply" }).fill("Are you still there?");
  await office.page.getByRole("button", { name: "Send text" }).click();
  await expect(office.page.getByRole("alert")).toContainText("This customer replied STOP");
  await customerTexts(request, number, "stop ");
  await expect(thread.getByText("stop", { exact: true })).toBeVisible();
  expect((await textsTo(request, number)).length, "no text to a number that replied STOP").toBe(before);

  // The next reminder: the office moves the visit to the next workday, which the e2e site reminds at once (72 hours
  // ahead, e2e/server.mjs). Its e-mail goes to the customer; its text does not.
  const admin = await adminSession(request);
  const [stored] = await bookingsByEmail(request, admin.token, booking.email);
  const day = nextWorkday();
  const moved = await request.put(`/api/bookings/${stored!._id}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { ...stored, cleaningDate: day, cleaningTime: freeTime(day) ?? "7:00 AM", version: stored!.version },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await waitForMail(booking.email, /^Reminder:/);
  // A later text to the same number: the worker sends in the order things were written, so once HELP's answer has
  // reached the peer, the reminder's text, written before it, was decided.
  await customerTexts(request, number, "HELP");
  await expect.poll(async () => (await textsTo(request, number)).at(-1)?.body).toMatch(/call us at /);
  const after = await textsTo(request, number);
  expect(
    after.filter((t) => /reminder/i.test(t.body)),
    "no reminder texted after STOP",
  ).toEqual([]);
  expect(after.length, "HELP's answer is the one text since STOP's").toBe(before + 1);
});

test("a text from a number on no customer's record reaches the office's open Messages, listed apart", async ({
  page,
  request,
}) => {
  const stranger = `+1980555${randomInt(1000, 9999)}`;
  const body = `Do you clean dryer vents in Gastonia? ${uniqueName("Ask")}`;
  await signIn(page.context(), request);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto("/dashboard/messages/texts");
  await expect(page.getByText("Live updates on")).toBeVisible();
  await customerTexts(request, stranger, body);
  const apart = page.getByRole("region", { name: "Texts from numbers on no customer's record" });
  const number = apart.getByRole("listitem").filter({ hasText: body });
  await expect(number).toBeVisible();
  await expect(number.locator(".texts-row__unread")).toHaveText("1 unread");
  // In the navigation's count too (other specs' messages may be in it: at least this one).
  await expect(page.getByRole("navigation").locator(".shell-nav__count")).toBeVisible();
  await number.scrollIntoViewIfNeeded();
  await snapshot(page, "texts-unlinked-unread-1024");
  await number.getByRole("button", { name: /^Show texts from/ }).click();
  await expect(number.getByRole("list", { name: /^Texts from/ })).toContainText(body);
  // Seen once shown: it leaves the unread count.
  await expect(number.locator(".texts-row__unread")).toHaveCount(0);
  for (const [width, height] of [
    [1024, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => window.scrollTo(0, 0));
    await snapshot(page, `texts-unlinked-${width}`);
  }
});
