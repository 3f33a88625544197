// Staff sign-in security: an admin turns on two-step verification with a code from an authenticator (computed here),
// a void and a refund ask them to confirm it is them and then go through, and an owner signs a technician's second
// device out from the Staff screen, which lands that tablet on the sign-in page.
import { randomUUID } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, shootScreen, test } from "./fixtures.ts";
import type { Invoice } from "../api/contracts/invoices/invoice.ts";
import {
  adminSession,
  createBooking,
  createInvoice,
  createTechnician,
  invoiceBooking,
  signIn,
  type Session,
} from "./support/api.ts";
import { uniqueEmail, uniqueName } from "./support/data.ts";
import { waitForMail } from "./support/mail.ts";
import { invoicePanel, voidFromDetails } from "./support/pages.ts";

const PASSWORD = "Dryer vents in Matthews 2027";

// The step-up's 401 `{ reauth: true }` is the answer these tests wait for, as is a revoked tablet's 401.
test.use({ allowedErrors: [/status of 401/] });

/** The code an authenticator app shows for `secret`, `steps` time steps from now. */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** An admin of their own, invited by the e2e owner: turning two-step on for them leaves the other specs' admin alone. */
async function newAdmin(request: Parameters<typeof createTechnician>[0], owner: Session) {
  const email = uniqueEmail("secadmin");
  const added = await request.post("/api/staff", {
    headers: { Authorization: `Bearer ${owner.token}` },
    data: { name: uniqueName("Sec"), email, role: "admin" },
  });
  expect(added.status(), await added.text()).toBe(201);
  const mail = await waitForMail(email, /invit/i);
  const token = /\/invite\/([^\s"'<>)]+)/.exec(mail.text ?? "")?.[1];
  const accepted = await request.post(`/api/invitations/${token}`, { data: { password: PASSWORD } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return email;
}

async function login(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** A new admin signed in on the page with their password at 1024 px, and the e2e owner's session. */
async function signedInAdmin(page: Page, request: APIRequestContext) {
  const owner = await adminSession(request);
  const email = await newAdmin(request, owner);
  await page.setViewportSize({ width: 1024, height: 768 });
  await login(page, email, PASSWORD);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  return { owner, email };
}

const asOwner = (owner: Session) => ({ Authorization: `Bearer ${owner.token}` });

/**
 * Answers "Confirm it's you" with the password and the authenticator's next step's code (the last one used may not be
 * used again; one step ahead is accepted), and waits for the dialog to close on the repeated action.
 */
async function confirmItsYou(page: Page, secret: string, screenshot?: string) {
  const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
  await expect(confirm).toBeVisible();
  await confirm.getByLabel(/^Password/).fill(PASSWORD);
  await confirm.getByLabel(/^Authentication code/).fill(codeFor(secret, 1));
  if (screenshot) await shootScreen(page, screenshot);
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(confirm).toBeHidden();
}

test("two-step verification set up with a computed code; a void then asks for it and goes through", async ({
  page,
  request,
}) => {
  test.slow();
  const { owner } = await signedInAdmin(page, request);

  // Account menu → Two-step verification: the QR code and the key in text, confirmed by a first code.
  await page.getByRole("button", { name: /account/ }).click();
  await page.getByRole("link", { name: "Two-step verification" }).click();
  await page.getByRole("button", { name: "Set up" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.locator(".two-step__secret").textContent())!.trim();
  await shootScreen(page, "security-two-step-setup");
  await page.getByLabel(/^Code from the app/).fill(codeFor(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await shootScreen(page, "security-recovery-codes");

  // An invoice to void; the sign-in of this page was made before the code existed, so it no longer counts.
  const booking = await createBooking(request, { email: uniqueEmail("voided") });
  const number = await invoiceBooking(request, owner, booking._id);
  await voidFromDetails(page, booking._id, number);

  await confirmItsYou(page, secret, "security-step-up");
  await expect(page.getByText(`Invoice ${number} is void; it keeps its number.`)).toBeVisible();
  await shootScreen(page, "security-voided-after-step-up");
});

test("a refund asks for step-up and then goes through", async ({ page, request }) => {
  test.slow();
  const { owner, email } = await signedInAdmin(page, request);

  // Two-step turned on from another session of theirs: this page's password-only sign-in no longer counts.
  const other = await request.post("/api/auth/login", { data: { email, password: PASSWORD } });
  expect(other.status(), await other.text()).toBe(200);
  const mine = { Authorization: `Bearer ${((await other.json()) as Session).token}` };
  const setup = await request.post("/api/account/totp", { headers: mine });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const confirmed = await request.post("/api/account/totp/confirm", { headers: mine, data: { code: codeFor(secret) } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  // The invoice, paid in full in cash on site.
  const booking = await createBooking(request, { email: uniqueEmail("refunded") });
  const invoice = await createInvoice(request, owner, booking._id);
  const paid = await request.post(`/api/invoices/${invoice._id}/payments`, {
    headers: { ...asOwner(owner), "Idempotency-Key": randomUUID() },
    data: { method: "cash", amountCents: invoice.totalCents },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const total = `$${(invoice.totalCents / 100).toFixed(2)}`;

  const panel = await invoicePanel(page, booking._id);
  await expect(panel.getByTestId("invoice-status")).toHaveText("Paid");
  await panel.getByRole("button", { name: `Refund the Cash payment of ${total}` }).click();
  const refunding = page.getByRole("dialog", { name: `Refund a payment on ${invoice.number}` });
  await expect(refunding.getByLabel(/^Amount/)).toHaveValue(total.slice(1));
  await refunding.getByLabel(/^Amount/).fill("40");
  await refunding.getByLabel(/^Reason/).fill("The dryer vent's roof cap was not reachable");
  await refunding.getByRole("button", { name: "Refund $40.00" }).click();

  await confirmItsYou(page, secret);
  await expect(refunding).toBeHidden();
  await expect(panel.getByText("$40.00 refunded.", { exact: true })).toBeVisible();
  await expect(panel.getByTestId("invoice-payment")).toContainText("($40.00 refunded)");
  await expect(panel.getByTestId("invoice-balance")).toContainText("$40.00");
  await expect(panel.getByTestId("invoice-status")).toHaveText("Partly paid");
  await shootScreen(page, "security-refund");

  // Recorded on the server: the payment's refund and the invoice's figures.
  const after = await request.get(`/api/invoices/${invoice._id}`, { headers: asOwner(owner) });
  const stored = ((await after.json()) as { data: Invoice }).data;
  expect(stored.payments[0]!.refundedCents).toBe(4_000);
  expect(stored).toMatchObject({
    status: "partially_paid",
    paidCents: invoice.totalCents - 4_000,
    balanceCents: 4_000,
  });
});

test("an owner signs a technician's second device out from Staff; that tablet lands on the sign-in page", async ({
  page,
  context,
  request,
  openContext,
}) => {
  test.slow();
  const owner = await adminSession(request);
  const name = uniqueName("Tad");
  const tech = await createTechnician(request, owner, name);

  // The technician's second device: a tablet signed in through the sign-in page.
  const { page: tablet } = await openContext();
  await tablet.setViewportSize({ width: 1024, height: 768 });
  await login(tablet, tech.session.user.email, "Crawl space in Gastonia 2027");
  await expect(tablet.getByRole("heading", { name: "My Jobs" })).toBeVisible();
  await expect(tablet.getByText("Live updates on")).toBeVisible();

  await signIn(context, request);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto("/dashboard/staff");
  await page.getByRole("row").filter({ hasText: name }).getByRole("button", { name: "Devices" }).click();
  const devices = page.getByRole("dialog", { name: `Devices of ${name}` });
  // Two sessions of one browser kind: the invitation's, and the tablet's, listed first as the last one seen.
  await expect(devices.getByRole("listitem")).toHaveCount(2);
  const browserSession = devices
    .getByRole("listitem")
    .first()
    .getByRole("button", { name: /^Sign out/ });
  await shootScreen(page, "security-staff-devices");
  await browserSession.click();
  await expect(devices.getByRole("listitem")).toHaveCount(1);

  // Its socket is closed by the server: the tablet forgets the session and shows the sign-in page.
  await expect(tablet.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await shootScreen(tablet, "security-revoked-tablet");
  // The technician's first session (made when accepting the invitation) is still good.
  const stillIn = await request.get("/api/account/sessions", {
    headers: { Authorization: `Bearer ${tech.session.token}` },
  });
  expect(stillIn.status()).toBe(200);
});
