// A deposit taken on site: the technician's tablet, without signal, has the customer sign an option that asks a
// deposit and records it paid in cash; the signal back, the approval and its deposit reach the server once, and the
// office sees the deposit on the job's invoice, named as one.
import type { Estimate } from "../api/contracts/estimates/estimate.ts";
import type { Invoice } from "../api/contracts/invoices/invoice.ts";
import { expect, shootScreen, test } from "./fixtures.ts";
import { seriousViolations } from "./support/a11y.ts";
import {
  adminSession,
  assignedJob,
  createDepositEstimate,
  createBooking,
  createInvoice,
  signIn,
  signInAs,
  type Session,
} from "./support/api.ts";
import { nextWorkday, uniqueEmail } from "./support/data.ts";
import { invoicePanel, sign, waitForServiceWorker } from "./support/pages.ts";

/** A real 1×1 PNG: the signature of an approval made through the API. */
const SIGNATURE =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}` });
const money = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

// Offline, the socket and the API calls fail by design.
test.use({
  serviceWorkers: "allow",
  allowedErrors: [/ERR_INTERNET_DISCONNECTED|request failed|WebSocket connection|socket/],
});

test("offline, a technician records an approval with a cash deposit; the office sees it on the invoice", async ({
  page,
  request,
  context,
  openContext,
}) => {
  test.slow();
  const admin = await adminSession(request);
  const { tech, booking, who } = await assignedJob(request, admin, { tech: "Dee", customer: "Onsite" });
  const estimate = await createDepositEstimate(request, admin, booking._id, {
    title: "UV light",
    item: "UV light installation",
    deposit: { depositCents: 10_000 },
  });
  const option = estimate.options[0]!;

  // The technician's tablet, online once: the job and its estimate are kept on the device.
  const { context: tablet, page: tab } = await openContext();
  await signInAs(tablet, tech.session);
  await tab.setViewportSize({ width: 1024, height: 768 });
  await tab.goto("/jobs");
  await waitForServiceWorker(tab);
  await tab.getByRole("link", { name: new RegExp(who) }).click();
  await expect(tab.getByRole("heading", { name: who })).toBeVisible();
  const row = tab.getByRole("region", { name: "Estimates" }).getByTestId("estimate-row");
  await expect(row).toContainText(estimate.number);

  // No signal: the customer signs, and pays the deposit in cash.
  await tablet.setOffline(true);
  await row.getByRole("button", { name: "Have the Customer Sign" }).click();
  const signing = tab.getByRole("dialog", { name: `Estimate ${estimate.number}` });
  await signing.getByRole("textbox", { name: /Your full name/ }).fill(who);
  await sign(signing.getByRole("img", { name: "Your signature" }), tab);
  const deposit = signing.getByRole("group", { name: `Deposit due now: ${money(10_000)}` });
  const approve = signing.getByRole("button", { name: `Approve UV light – ${money(option.totalCents)}` });
  await expect(approve).toBeDisabled();
  await deposit.getByRole("radio", { name: "Cash" }).check();
  await expect(approve).toBeEnabled();
  expect(await seriousViolations(tab), "the signing step with a deposit").toEqual([]);
  await deposit.scrollIntoViewIfNeeded();
  await shootScreen(tab, "deposit-on-site-signing-1024");
  await approve.click();
  await expect(signing).toHaveCount(0);
  await expect(
    tab.getByText(`${who} approved UV light with a ${money(10_000)} cash deposit. Kept on this device`),
  ).toBeVisible();
  await expect(row).toContainText("Waiting to be sent");
  await expect(row).toContainText(`Deposit of ${money(10_000)} received.`);
  await shootScreen(tab, "deposit-on-site-waiting-1024");

  // Signal again: the approval and its deposit are sent once.
  await tablet.setOffline(false);
  await expect(row).not.toContainText("Waiting to be sent", { timeout: 30_000 });
  await expect(row).toContainText(`Deposit of ${money(10_000)} received.`);
  const stored = await request.get(`/api/estimates/${estimate._id}`, { headers: auth(admin) });
  const approved = ((await stored.json()) as { data: Estimate }).data;
  expect(approved.status).toBe("approved");
  expect(approved.depositPaidCents).toBe(10_000);

  // The office makes the job's invoice: the deposit is counted, and named as one.
  const invoice: Invoice = await createInvoice(request, admin, booking._id);
  expect(invoice.payments.map((p) => [p.method, p.amountCents, p.deposit])).toEqual([["cash", 10_000, true]]);
  await signIn(context, request);
  await page.setViewportSize({ width: 1024, height: 768 });
  const panel = await invoicePanel(page, booking._id);
  await expect(panel.getByRole("heading", { name: `Invoice ${invoice.number}` })).toBeVisible();
  const paid = panel.getByTestId("invoice-payment");
  await expect(paid).toContainText("Deposit");
  await expect(paid).toContainText(money(10_000));
  await expect(panel.getByTestId("invoice-balance")).toContainText(money(invoice.totalCents - 10_000));
  await paid.scrollIntoViewIfNeeded();
  await shootScreen(page, "deposit-on-site-invoice-1024");
});

test("the office cancels a job that holds a deposit and keeps it, saying why", async ({ page, request, context }) => {
  const admin = await adminSession(request);
  const booking = await createBooking(request, {
    lastName: "Keep",
    email: uniqueEmail("keep"),
    cleaningDate: nextWorkday(),
  });
  const estimate = await createDepositEstimate(request, admin, booking._id, {
    title: "UV light",
    item: "UV light installation",
    deposit: { depositCents: 10_000 },
  });
  const approved = await request.post(`/api/estimates/${estimate._id}/approve`, {
    headers: { ...auth(admin), "Idempotency-Key": crypto.randomUUID() },
    data: {
      optionId: estimate.options[0]!._id,
      signedBy: "Dana Keep",
      signature: SIGNATURE,
      deposit: { method: "check", amountCents: 10_000, reference: "1042" },
    },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  await signIn(context, request);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`/dashboard?booking=${booking._id}`);
  const details = page.getByRole("dialog", { name: "Booking Details" });
  const held = details.getByRole("group", { name: "Deposit held" });
  await expect(held).toContainText(`Deposit held: ${money(10_000)}`);
  await held.scrollIntoViewIfNeeded();
  await shootScreen(page, "deposit-held-1024");
  await held.getByRole("button", { name: "Cancel Job…" }).click();
  const cancelling = page.getByRole("dialog", { name: "Cancel this job" });
  await expect(cancelling.getByRole("radio", { name: /Refund it in full/ })).toBeChecked();
  await cancelling.getByRole("radio", { name: /Keep it/ }).check();
  await cancelling.getByRole("textbox", { name: /Why it is kept/ }).fill("Cancelled the morning of the visit");
  expect(await seriousViolations(page), "the cancel dialog").toEqual([]);
  await shootScreen(page, "deposit-cancel-keep-1024");
  // The office on a phone, and on a wide screen: the same dialog.
  await page.setViewportSize({ width: 390, height: 844 });
  await shootScreen(page, "deposit-cancel-keep-390");
  await page.setViewportSize({ width: 1280, height: 800 });
  await shootScreen(page, "deposit-cancel-keep-1280");
  await cancelling.getByRole("button", { name: `Keep ${money(10_000)} and Cancel Job` }).click();
  await expect(cancelling).toBeHidden();
  await expect(details.getByText(`The job is cancelled; its ${money(10_000)} deposit is kept.`)).toBeVisible();
  await expect(held).toBeHidden();
  await shootScreen(page, "deposit-cancelled-1024");

  const read = await request.get(`/api/bookings/${booking._id}`, { headers: auth(admin) });
  expect(((await read.json()) as { status: string }).status).toBe("cancelled");
  const history = await request.get(`/api/bookings/${booking._id}/history`, { headers: auth(admin) });
  const entries = (await history.json()) as { action: string; changes: Record<string, { to?: unknown }> }[];
  expect(entries.find((e) => e.action === "deposit_kept")?.changes.reason?.to).toBe(
    "Cancelled the morning of the visit",
  );
});
