// Passkeys in Chromium with a virtual authenticator (the DevTools protocol's WebAuthn domain): an admin adds one from
// the account menu, signs out, and signs in with it; confirms a void with it in the step-up dialog. WebAuthn needs a host name, not an IP address: the run's site
// is http://localhost (a secure context), and the server's PUBLIC_URL, the relying party, names the same host.
import { Secret, TOTP } from "otpauth";
import type { APIRequestContext, BrowserContext, CDPSession, Page } from "@playwright/test";
import { expect, shootScreen, snapshot, test } from "./fixtures.ts";
import {
  adminSession,
  createBooking,
  createStaff,
  invoiceBooking,
  signInAs,
  type Session,
  type Technician,
} from "./support/api.ts";
import { uniqueEmail, uniqueName } from "./support/data.ts";
import { field, h1, voidFromDetails } from "./support/pages.ts";
import { seriousViolations } from "./support/a11y.ts";

/** A platform authenticator that keeps passkeys and verifies the person (a fingerprint, at once). */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** An admin of the test's own, signed in: signing out revokes that person's tokens, and no other spec's. */
async function ownAdmin(context: BrowserContext, request: Parameters<typeof adminSession>[0]): Promise<Technician> {
  const office = await createStaff(request, await adminSession(request), uniqueName("Pat Passkey"), "admin");
  await signInAs(context, office.session);
  return office;
}

const accountMenu = (page: Page) => page.getByRole("button", { name: /, account$/ });

async function openPasskeys(page: Page) {
  await accountMenu(page).click();
  await page.getByRole("link", { name: "Passkeys" }).click();
  await expect(h1(page)).toHaveText("Passkeys");
}

/** Adds a passkey named `name` from the Passkeys screen: the browser's prompt, answered by the authenticator. */
async function addPasskey(page: Page, name: string) {
  await field(page, "Passkey name").fill(name);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText(`Passkey "${name}" added. You can sign in with it now.`)).toBeVisible();
}

async function signOut(page: Page) {
  await accountMenu(page).click();
  await page.getByRole("button", { name: "Logout" }).click();
}

test.describe("the button", () => {
  // The virtual authenticator answers the sign-in page's autofill request at once, as if the person had picked the
  // passkey there; hidden here, so that the button is what signs in.
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
  });

  test("an admin adds a passkey, signs out, and signs in with it at 1024 px", async ({ page, context, request }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    const office = await ownAdmin(context, request);
    const { cdp, authenticatorId } = await virtualAuthenticator(page);

    await page.goto("/dashboard");
    await openPasskeys(page);
    await expect(page.getByText("No passkeys yet")).toBeVisible();
    await addPasskey(page, "Office laptop");
    const row = page.getByRole("listitem").filter({ hasText: "Office laptop" });
    await expect(row).toContainText("Not used yet");
    await snapshot(page, "passkeys-added");
    expect(await seriousViolations(page), "the Passkeys screen").toEqual([]);
    // The authenticator keeps it as a discoverable credential of this site.
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    expect(credentials[0]!.rpId).toBe("localhost");

    await signOut(page);
    await expect(page).toHaveURL(/\/login$/);
    await expect(field(page, "Email")).toHaveAttribute("autocomplete", "username webauthn");
    await snapshot(page, "passkeys-sign-in");

    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(accountMenu(page)).toContainText(office.session.user.name);
    // The authenticator signed once: the server kept its counter and when it was used.
    await openPasskeys(page);
    await expect(row).toContainText("Last used");
    await snapshot(page, "passkeys-last-used");

    // Renamed, then removed: the list says so.
    await row.getByRole("button", { name: "Rename Office laptop" }).click();
    await field(page, "New name").fill("Front desk laptop");
    await page.getByRole("button", { name: "Save name" }).click();
    const renamed = page.getByRole("listitem").filter({ hasText: "Front desk laptop" });
    await expect(renamed).toBeVisible();
    await renamed.getByRole("button", { name: "Remove Front desk laptop" }).click();
    await snapshot(page, "passkeys-remove");
    await renamed.getByRole("button", { name: "Remove passkey" }).click();
    await expect(page.getByText("No passkeys yet")).toBeVisible();
  });
});

test("where the browser autofills passkeys, the sign-in page signs in with the one picked", async ({
  page,
  context,
  request,
}) => {
  const office = await ownAdmin(context, request);
  await virtualAuthenticator(page);
  await page.goto("/dashboard");
  await openPasskeys(page);
  await addPasskey(page, "Van tablet");
  await signOut(page);
  // The authenticator "picks" the passkey the autofill offers: no button is pressed.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(accountMenu(page)).toContainText(office.session.user.name);
});

/**
 * Turns on two-step verification for the holder of `session` through the API, with a code computed here: from then
 * on, the password sign-in of that session no longer counts for a step-up.
 */
async function turnOnTwoStep(request: APIRequestContext, session: Session) {
  const headers = { Authorization: `Bearer ${session.token}` };
  const setup = await request.post("/api/account/totp", { headers });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate();
  const confirmed = await request.post("/api/account/totp/confirm", { headers, data: { code } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

test.describe("step-up", () => {
  // The void's 401 `{ reauth: true }` is the answer that opens the dialog.
  test.use({ allowedErrors: [/status of 401/] });

  test("a void asks to confirm it's you, and the admin's passkey confirms it in the dialog", async ({
    page,
    context,
    request,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1024, height: 768 });
    const office = await ownAdmin(context, request);
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await page.goto("/dashboard");
    await openPasskeys(page);
    await addPasskey(page, "Office laptop");
    // The site runs on the real clock: rather than wait out the 10 minutes, the page's sign-in stops counting as
    // an old one does — a second factor added after it, which that password sign-in did not use.
    await turnOnTwoStep(request, office.session);

    const owner = await adminSession(request);
    const booking = await createBooking(request, { email: uniqueEmail("passkey-void") });
    const number = await invoiceBooking(request, owner, booking._id);
    await voidFromDetails(page, booking._id, number);

    const signCount = async () =>
      (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials[0]!.signCount;
    const before = await signCount();
    const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
    const usePasskey = confirm.getByRole("button", { name: "Use a passkey" });
    await expect(usePasskey).toBeVisible();
    await shootScreen(page, "passkeys-step-up");
    expect(await seriousViolations(page), "the step-up dialog").toEqual([]);
    await usePasskey.click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(`Invoice ${number} is void; it keeps its number.`)).toBeVisible();
    // The passkey signed for it: the authenticator's counter moved on.
    expect(await signCount()).toBeGreaterThan(before);
  });
});
