// A deposit on approval, and a refund on screen: the customer approves an estimate option that asks a deposit on a
// phone, pays it through the local Checkout peer (the server's real code and the official `stripe` client talk to it,
// and its page sends the signed webhook), and the page says the approval and the deposit were received; the job's
// invoice counts the deposit, and the office refunds it from the booking's invoice, through the peer, with the
// customer's receipt e-mailed.
import type { Invoice } from "../api/contracts/invoices/invoice.ts";
import { expect, shootScreen, snapshot, test } from "./fixtures.ts";
import { seriousViolations } from "./support/a11y.ts";
import {
  adminSession,
  createBooking,
  createDepositEstimate,
  createInvoice,
  signIn,
  type Session,
} from "./support/api.ts";
import { nextWorkday, uniqueEmail } from "./support/data.ts";
import { waitForMail } from "./support/mail.ts";
import { invoicePanel } from "./support/pages.ts";

const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}` });
const money = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

test("a deposit is approved and paid online from a phone, counted on the invoice, and refunded on screen", async ({
  page,
  request,
  context,
  openContext,
}) => {
  test.slow();
  const admin = await adminSession(request);
  const email = uniqueEmail("deposit");
  const booking = await createBooking(request, { lastName: "Deposit", email, cleaningDate: nextWorkday() });
  const estimate = await createDepositEstimate(request, admin, booking._id, {
    title: "UV light",
    item: "UV light installation",
    deposit: { depositPercent: 25 },
  });
  const deposit = estimate.options[0]!.depositCents!;
  expect(deposit).toBe(Math.round(estimate.options[0]!.totalCents / 4));

  // The customer's phone: the estimate's link, the deposit said before approving.
  const { context: phoneContext, page: phone } = await openContext();
  // The browser asks the Checkout peer for an icon it does not have; Stripe's page has one.
  await phoneContext.route(
    (url) => url.pathname === "/favicon.ico",
    (route) => route.fulfill({ status: 204 }),
  );
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(`/estimates/${estimate.token}`);
  await expect(phone.getByRole("heading", { level: 1, name: `Estimate ${estimate.number}` })).toBeVisible();
  // The page is served rendered: a name typed before its script takes over counts once it has.
  const approve = phone.getByRole("button", { name: `Approve and pay the ${money(deposit)} deposit` });
  await phone.getByRole("textbox", { name: /Your full name/ }).fill("Dana Deposit");
  await expect(approve).toBeEnabled();
  await expect(phone.getByText(`A deposit of ${money(deposit)} is due on approval`)).toBeVisible();
  expect(await seriousViolations(phone), "the estimate with a deposit").toEqual([]);
  await snapshot(phone, "deposit-estimate-390");

  // Approve: the peer's Checkout page for the deposit, paid, and back to the estimate, approved once the webhook lands.
  await approve.click();
  await expect(phone.getByRole("heading", { name: "Test Checkout" })).toBeVisible();
  await phone.getByRole("button", { name: `Pay ${money(deposit)}` }).click();
  await expect(phone.getByText("Approved — deposit received.")).toBeVisible();
  await expect(phone.getByText(`paid a deposit of ${money(deposit)}`)).toBeVisible();
  expect(await seriousViolations(phone), "the estimate approved").toEqual([]);
  await snapshot(phone, "deposit-approved-390");

  // The job's invoice counts the deposit.
  const invoice: Invoice = await createInvoice(request, admin, booking._id);
  expect(invoice.payments.map((p) => [p.method, p.amountCents])).toEqual([["online", deposit]]);
  expect(invoice.paidCents).toBe(deposit);
  expect(invoice.balanceCents).toBe(invoice.totalCents - deposit);

  // The office, on a tablet-sized screen: Refund on the deposit in the booking's invoice, part of it.
  await signIn(context, request);
  await page.setViewportSize({ width: 1024, height: 768 });
  const panel = await invoicePanel(page, booking._id);
  await expect(panel.getByRole("heading", { name: `Invoice ${invoice.number}` })).toBeVisible();
  await panel.getByRole("button", { name: `Refund the Deposit payment of ${money(deposit)}` }).click();
  const refunding = page.getByRole("dialog", { name: `Refund a payment on ${invoice.number}` });
  await expect(refunding.getByLabel(/^Amount/)).toHaveValue((deposit / 100).toFixed(2));
  await refunding.getByLabel(/^Amount/).fill("20");
  await refunding.getByLabel(/^Reason/).fill("One lamp instead of two");
  await shootScreen(page, "deposit-refund-dialog-1024");
  await refunding.getByRole("button", { name: "Refund $20.00" }).click();
  await expect(refunding).toBeHidden();
  await expect(panel.getByText("$20.00 refunded.", { exact: true })).toBeVisible();
  await expect(panel.getByTestId("invoice-payment")).toContainText("($20.00 refunded)");
  await panel.scrollIntoViewIfNeeded();
  await shootScreen(page, "deposit-refunded-1024");

  const after = await request.get(`/api/invoices/${invoice._id}`, { headers: auth(admin) });
  const stored = ((await after.json()) as { data: Invoice }).data;
  expect(stored.payments[0]!.refundedCents).toBe(2_000);
  expect(stored.paidCents).toBe(deposit - 2_000);

  // The customer's receipt of the refund.
  const receipt = await waitForMail(email, /^Refund: \$20\.00 for invoice INV-/);
  expect(receipt.text).toContain("goes back to the card you paid with");
});
