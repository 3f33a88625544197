// Staff sign-in security: an admin turns on two-step verification with a code from an authenticator (computed here),
// a void asks them to confirm it is them and then goes through, and an owner signs a technician's second device out
// from the Staff screen, which lands that tablet on the sign-in page.
import { Secret, TOTP } from "otpauth";
import type { Page } from "@playwright/test";
import { expect, shootScreen, test } from "./fixtures.ts";
import { adminSession, createBooking, createTechnician, invoiceBooking, signIn, type Session } from "./support/api.ts";
import { uniqueEmail, uniqueName } from "./support/data.ts";
import { waitForMail } from "./support/mail.ts";
import { voidFromDetails } from "./support/pages.ts";

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

test("two-step verification set up with a computed code; a void then asks for it and goes through", async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await adminSession(request);
  const email = await newAdmin(request, owner);
  await page.setViewportSize({ width: 1024, height: 768 });
  await login(page, email, PASSWORD);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

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

  const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
  await expect(confirm).toBeVisible();
  await confirm.getByLabel(/^Password/).fill(PASSWORD);
  // The next step's code: the one used to turn it on may not be used again (one step ahead is accepted).
  await confirm.getByLabel(/^Authentication code/).fill(codeFor(secret, 1));
  await shootScreen(page, "security-step-up");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`Invoice ${number} is void; it keeps its number.`)).toBeVisible();
  await shootScreen(page, "security-voided-after-step-up");
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
