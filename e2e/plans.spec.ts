// Service plans: the office defines a plan in Settings → Plans and enrolls a customer by card link from the
// customer's page; the customer, signed in on a phone, pays on the local Checkout peer (subscription mode: the peer
// sends the signed `checkout.session.completed` and the first `invoice.paid`), lands on their page and sees the plan
// with the card on file; the plan's first visit is on the board's Unassigned lane, labelled with the plan's name.
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import type { ScheduleBoard } from "../api/contracts/schedule/board.ts";
import { expect, snapshot, test } from "./fixtures.ts";
import { seriousViolations } from "./support/a11y.ts";
import { createBooking, signIn } from "./support/api.ts";
import { openDashboard } from "./support/dashboard.ts";
import { nextWorkday, uniqueEmail, uniqueName } from "./support/data.ts";
import { waitForMail } from "./support/mail.ts";

/** The customer on a phone (390 px), signed in on their page from the link e-mailed to them. */
async function phoneSignedIn(
  openContext: () => Promise<{ context: BrowserContext; page: Page }>,
  request: APIRequestContext,
  email: string,
) {
  const { context, page } = await openContext();
  await context.route(
    (url) => url.pathname === "/favicon.ico" && url.hostname === "127.0.0.1",
    (route) => route.fulfill({ status: 204 }),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  expect((await request.post("/api/portal/sign-in", { data: { email } })).status()).toBe(202);
  const signInMail = await waitForMail(email, /sign-in link/i);
  const token = /\/portal\/sign-in\/([A-Za-z0-9_-]{43})/.exec(signInMail.text ?? "")?.[1];
  expect(token, "a sign-in link").toBeTruthy();
  await page.goto(`/portal/sign-in/${token}`);
  await expect(page.getByText(`Signed in as`)).toBeVisible();
  return page;
}

/** A monthly plan with a dryer vent visit a year, made by the office through the API: its id. */
async function addPlan(
  request: APIRequestContext,
  token: string,
  plan: { name: string; description: string; priceCents: number; memberDiscountPercent: number },
): Promise<string> {
  const made = await request.post("/api/plans", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      ...plan,
      visits: [{ serviceType: "dryer-vent-cleaning", units: 1, everyMonths: 12 }],
      period: "month",
      active: true,
    },
  });
  expect(made.status()).toBe(201);
  return ((await made.json()) as { data: { _id: string } }).data._id;
}

test.describe("service plans", () => {
  test("a plan made, a customer enrolled by card link and paying on a phone, the first visit on the board", async ({
    page,
    context,
    request,
    openContext,
  }) => {
    test.slow();
    const admin = await signIn(context, request);
    const auth = { Authorization: `Bearer ${admin.token}` };
    const planName = uniqueName("Clean Air Club ");
    const email = uniqueEmail("member");
    const booking = await createBooking(request, { email, firstName: "Mona", lastName: uniqueName("Member") });
    const start = nextWorkday();

    // The office at a tablet's width: Settings → Plans, a new plan.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto("/dashboard/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await page.getByRole("link", { name: "Plans", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Plans" })).toBeVisible();
    await page.getByRole("button", { name: "Add Plan" }).click();
    const form = page.getByRole("dialog", { name: "Add Plan" });
    await form.locator("#plan-name").fill(planName);
    await form.locator("#plan-description").fill("Dryer vent every year, 15 % off any other work, priority booking.");
    await form.locator("#plan-price").fill("19");
    await form.locator("#plan-period").selectOption("month");
    await form.locator("#plan-discount").fill("15");
    await form.getByRole("button", { name: "Add Visit" }).click();
    await form.locator("#plan-visit-0-service").selectOption({ label: "Dryer Vent Cleaning" });
    await form.locator("#plan-visit-0-every").fill("12");
    expect(await seriousViolations(page), "the plan's form").toEqual([]);
    await form.getByRole("button", { name: "Add Plan" }).click();
    await expect(page.getByText(`${planName} was added.`)).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: planName });
    await expect(row).toContainText("$19.00 / month");
    await expect(row).toContainText("15 %");
    await snapshot(page, "plans-settings-1024");

    // The customer's page: Memberships → Enroll, by card link, starting on the next workday.
    await page.goto(`/dashboard/customers/${booking.customerId}`);
    const panel = page.getByRole("region", { name: "Memberships" });
    await expect(panel).toContainText("No membership yet.");
    await panel.getByRole("button", { name: "Enroll" }).click();
    const enroll = page.getByRole("dialog", { name: "Enroll in a plan" });
    await enroll.locator("#enroll-plan").selectOption({ label: `${planName} ($19.00 / month)` });
    await enroll.locator("#enroll-start").fill(start);
    await enroll.locator("#enroll-payment").selectOption("card-link");
    await enroll.getByRole("button", { name: "Enroll" }).click();
    await expect(panel).toContainText(`Enrolled in ${planName}: the card link was e-mailed to the customer.`);
    await expect(panel).toContainText("Waiting for payment");
    await panel.scrollIntoViewIfNeeded();
    await snapshot(page, "plans-customer-enrolled-1024");

    // The customer's phone: signed in from their e-mailed link, then the plan's card link.
    const phone = await phoneSignedIn(openContext, request, email);
    const join = await waitForMail(email, new RegExp(`^Join ${planName}`));
    const link = /https?:\/\/[^\s"'<>]+\/pay\/cs_test_\w+/.exec(join.text ?? "")?.[0];
    expect(link, "the card link in the e-mail").toBeTruthy();
    await phone.goto(link!);
    await expect(phone.getByRole("heading", { name: "Test Checkout" })).toBeVisible();
    await phone.getByRole("button", { name: "Pay $19.00" }).click();
    const plan = phone.getByRole("region", { name: "Your plan" });
    await expect(plan).toContainText(planName);
    await expect(plan).toContainText("Active");
    await expect(plan).toContainText("ending 4242");
    await expect(plan).toContainText("Dryer Vent Cleaning: due");
    await expect(plan.getByRole("button", { name: "Cancel at period end" })).toBeVisible();
    expect(await seriousViolations(phone), "the member's page").toEqual([]);
    await plan.scrollIntoViewIfNeeded();
    await snapshot(phone, "plans-portal-member-390");

    // The first visit, due on the start day, is a booking to schedule on the board's Unassigned lane.
    await expect
      .poll(async () => {
        const answer = await request.get(`/api/schedule/board?from=${start}&to=${start}`, { headers: auth });
        const board = (await answer.json()) as ScheduleBoard;
        return board.bookings.filter((b) => b.planName === planName).map((b) => [b.technicianId, b.serviceType]);
      })
      .toEqual([[null, "dryer-vent-cleaning"]]);
    await openDashboard(page, `/dashboard/schedule?day=${start}`);
    const unassigned = page.getByRole("group", { name: "Unassigned", exact: true }).first();
    const visit = unassigned.getByRole("button", { name: new RegExp(`^Mona ${booking.lastName}, ${planName},`) });
    await expect(visit).toBeVisible();
    await expect(visit).toContainText(`${planName} · Dryer Vent Cleaning`);
    await visit.scrollIntoViewIfNeeded();
    await snapshot(page, "plans-board-unassigned-1024");
    await snapshot(phone, "plans-portal-member-390");
  });

  test("a customer joins a plan from their own page on a phone and pays by card", async ({
    context,
    request,
    openContext,
  }) => {
    test.slow();
    const admin = await signIn(context, request);
    const planName = uniqueName("Home Care Plan ");
    await addPlan(request, admin.token, {
      name: planName,
      description: "Dryer vent every year and 10 % off any other work.",
      priceCents: 2500,
      memberDiscountPercent: 10,
    });
    const email = uniqueEmail("joiner");
    await createBooking(request, { email, firstName: "Jo", lastName: uniqueName("Joiner") });

    // The plans on sale on the customer's own page, each with what it includes and a Join button.
    const phone = await phoneSignedIn(openContext, request, email);
    const plans = phone.getByRole("region", { name: "Service plans" });
    const card = plans.getByRole("listitem").filter({ hasText: planName }).first();
    await expect(card).toContainText(`${planName} · $25.00 / month`);
    await expect(card).toContainText("Dryer Vent Cleaning every year");
    await expect(card).toContainText("10 % off any other work");
    expect(await seriousViolations(phone), "the plans on sale").toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await snapshot(phone, "plans-portal-join-390");

    // Join: on to the card payment page, paid, back on their page as a member.
    await card.getByRole("button", { name: `Join ${planName}` }).click();
    await expect(phone.getByRole("heading", { name: "Test Checkout" })).toBeVisible();
    await phone.getByRole("button", { name: "Pay $25.00" }).click();
    const plan = phone.getByRole("region", { name: "Your plan" });
    await expect(plan).toContainText(planName);
    await expect(plan).toContainText("Active");
    await expect(plan).toContainText("ending 4242");
    // The property has its plan now: nothing more is offered for it.
    await expect(phone.getByRole("region", { name: "Service plans" })).toHaveCount(0);
    await plan.scrollIntoViewIfNeeded();
    await snapshot(phone, "plans-portal-joined-390");
  });

  test("a member billed by invoice pays the plan's invoice by card from their page on a phone", async ({
    context,
    request,
    openContext,
  }) => {
    test.slow();
    const admin = await signIn(context, request);
    const headers = { Authorization: `Bearer ${admin.token}` };
    const planName = uniqueName("Air Care Plan ");
    const planId = await addPlan(request, admin.token, {
      name: planName,
      description: "Dryer vent every year.",
      priceCents: 1900,
      memberDiscountPercent: 0,
    });
    const email = uniqueEmail("billed");
    const booking = await createBooking(request, { email, firstName: "Bea", lastName: uniqueName("Billed") });
    const enrolled = await request.post(`/api/customers/${booking.customerId}/memberships`, {
      headers,
      data: {
        planId,
        propertyId: booking.propertyId,
        start: nextWorkday(),
        payment: "invoice",
      },
    });
    expect(enrolled.status()).toBe(201);
    const number = ((await enrolled.json()) as { data: { invoices: { number: string }[] } }).data.invoices[0]!.number;

    // Their page shows what the plan's invoice still asks, and the card as one way to pay it.
    const phone = await phoneSignedIn(openContext, request, email);
    const plan = phone.getByRole("region", { name: "Your plan" });
    await expect(plan).toContainText(`Invoice ${number}: $19.00 due`);
    await expect(plan).toContainText("You can also pay by cash or check");
    expect(await seriousViolations(phone), "the member's open invoice").toEqual([]);
    await plan.scrollIntoViewIfNeeded();
    await snapshot(phone, "plans-portal-invoice-due-390");
    // The same page at a tablet's width and a desktop's, then back on the phone to pay.
    for (const [width, height] of [
      [1024, 768],
      [1440, 900],
    ]) {
      await phone.setViewportSize({ width: width!, height: height! });
      await plan.scrollIntoViewIfNeeded();
      await snapshot(phone, `plans-portal-invoice-due-${width}`);
    }
    await phone.setViewportSize({ width: 390, height: 844 });

    // Paid on the Checkout peer (it sends the signed checkout.session.completed), back on their page: nothing owed.
    await plan.getByRole("button", { name: "Pay $19.00 by card" }).click();
    await expect(phone.getByRole("heading", { name: "Test Checkout" })).toBeVisible();
    await phone.getByRole("button", { name: "Pay $19.00" }).click();
    await expect(phone.getByRole("region", { name: "Your plan" })).toContainText(planName);
    await expect(phone.getByRole("region", { name: "Your plan" })).not.toContainText(`Invoice ${number}:`);
    await expect(phone.getByRole("status").filter({ hasText: "Thank you" })).toHaveText(
      `Thank you: invoice ${number} is paid.`,
    );
    await phone.getByRole("region", { name: "Your plan" }).scrollIntoViewIfNeeded();
    await snapshot(phone, "plans-portal-invoice-paid-390");
    const after = await request.get(`/api/customers/${booking.customerId}/memberships`, { headers });
    const [membership] = ((await after.json()) as { data: { invoices: { number: string; paidCents: number }[] }[] })
      .data;
    expect(membership!.invoices.map((i) => [i.number, i.paidCents])).toEqual([[number, 1900]]);
  });
});
