// Getting paid: a technician completes a job and invoices it on a tablet without signal, takes a check for part of
// the balance, and once the signal is back the office's open dashboard sees the invoice partly paid live; the
// customer opens the invoice's link on a phone, pays the rest through the local Checkout peer (the server's real
// code and the official `stripe` client talk to it, and its page sends the signed webhook), and the page and the
// dashboard show it paid; the receipt e-mail carries the PDF.
import type { Invoice } from "../api/contracts/invoices/invoice.ts";
import type { JobDetails } from "../api/contracts/visit/job.ts";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, shootScreen, snapshot, test } from "./fixtures.ts";
import { seriousViolations } from "./support/a11y.ts";
import { adminSession, assignedJob, signIn, signInAs, type Session } from "./support/api.ts";
import { openDashboard } from "./support/dashboard.ts";
import { waitForMail } from "./support/mail.ts";
import { waitForServiceWorker } from "./support/pages.ts";

const photo = (name: string) => readFileSync(fileURLToPath(new URL(`./files/${name}`, import.meta.url)));
const money = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
const dollars = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);

/** Through the API as the technician: on site, the required checklist ticked, a Before and an After photo. */
async function readyToComplete(request: import("@playwright/test").APIRequestContext, tech: Session, id: string) {
  const headers = () => ({ Authorization: `Bearer ${tech.token}`, "Idempotency-Key": randomUUID() });
  const onSite = await request.put(`/api/bookings/${id}/visit`, { headers: headers(), data: { stage: "on_site" } });
  expect(onSite.status(), await onSite.text()).toBe(200);
  const job = (await (await request.get(`/api/bookings/${id}`, { headers: headers() })).json()) as JobDetails;
  for (const item of job.checklist.filter((i) => i.required)) {
    const tick = await request.put(`/api/bookings/${id}/checklist/${item._id}`, {
      headers: headers(),
      data: { done: true },
    });
    expect(tick.ok(), await tick.text()).toBe(true);
  }
  for (const kind of ["before", "after"]) {
    const sent = await request.post(`/api/bookings/${id}/photos?kind=${kind}`, {
      headers: { ...headers(), "Content-Type": "image/jpeg" },
      data: photo(`duct-${kind}.jpg`),
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  }
}

const invoiceOf = async (request: import("@playwright/test").APIRequestContext, admin: Session, id: string) => {
  const response = await request.get(`/api/bookings/${id}`, { headers: { Authorization: `Bearer ${admin.token}` } });
  return ((await response.json()) as JobDetails).invoice as Invoice;
};

test.describe("invoices and payments", () => {
  // Offline, the socket and the API calls fail by design.
  test.use({
    serviceWorkers: "allow",
    allowedErrors: [/ERR_INTERNET_DISCONNECTED|request failed|WebSocket connection|socket/],
  });

  test("invoiced and partly paid by check offline, seen live by the office, the rest paid online from a phone", async ({
    page,
    request,
    context,
    openContext,
  }) => {
    test.slow();
    const admin = await adminSession(request);
    const { tech, email, booking, who } = await assignedJob(request, admin, {
      tech: "Ivy",
      customer: "Payer",
    });
    await readyToComplete(request, tech.session, booking._id);

    // The office: the dashboard open on the booking's details.
    await signIn(context, request);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDashboard(page, `/dashboard?booking=${booking._id}`);
    const collectedCard = page.getByTestId("figure-collectedThisMonthCents");
    await expect(collectedCard).toHaveText(/^\$/);
    const collectedBefore = dollars((await collectedCard.textContent()) ?? "");
    const details = page.getByRole("dialog", { name: "Booking Details" });
    const officeInvoice = details.getByRole("region", { name: /Invoice/ });
    await expect(officeInvoice).toContainText("No invoice yet.");

    // The technician's tablet, online once: the job is kept on the device.
    const { context: tablet, page: tab } = await openContext();
    await signInAs(tablet, tech.session);
    await tab.setViewportSize({ width: 1024, height: 768 });
    await tab.goto("/jobs");
    await waitForServiceWorker(tab);
    await tab.getByRole("link", { name: new RegExp(who) }).click();
    await expect(tab.getByRole("heading", { name: who })).toBeVisible();
    await expect(tab.getByRole("button", { name: "Complete Job" })).toBeEnabled();

    // No signal: the job completed, the invoice made and a check for part of it taken, all on the device.
    await tablet.setOffline(true);
    await tab.getByRole("button", { name: "Complete Job" }).click();
    const complete = tab.getByRole("dialog", { name: "Complete Job" });
    await complete.getByLabel("Customer not present").check();
    await complete.getByRole("button", { name: "Save and Complete" }).click();
    await expect(complete).toHaveCount(0);
    const panel = tab.getByRole("region", { name: /invoice/i });
    await panel.getByRole("button", { name: "Create Invoice" }).click();
    await expect(panel.getByRole("heading", { name: "New invoice" })).toBeVisible();
    await expect(panel).toContainText("Waiting to be sent");
    const totalCents = dollars((await panel.getByTestId("invoice-balance").locator("dd").textContent()) ?? "");
    expect(totalCents).toBeGreaterThan(5_000);

    await panel.getByRole("button", { name: "Record Payment" }).click();
    const dialog = tab.getByRole("dialog", { name: "Record a payment" });
    await expect(dialog.getByLabel(/Amount/)).toHaveValue((totalCents / 100).toFixed(2));
    await dialog.getByRole("radio", { name: "Check" }).check();
    await dialog.getByLabel(/Amount/).fill("50");
    await dialog.getByRole("button", { name: "Record Check $50.00" }).click();
    await expect(dialog.getByText("Enter the check's number.")).toBeVisible();
    await dialog.getByLabel(/Amount/).fill(((totalCents + 100) / 100).toFixed(2));
    await dialog.getByLabel("Check number").fill("1042");
    await dialog.getByRole("button", { name: /Record Check/ }).click();
    await expect(dialog.getByText(`That is more than the balance of ${money(totalCents)}.`)).toBeVisible();
    await dialog.getByLabel(/Amount/).fill("50.00");
    expect(await seriousViolations(tab), "the payment dialog").toEqual([]);
    await shootScreen(tab, "invoice-payment-dialog-1024");
    await dialog.getByRole("button", { name: "Record Check $50.00" }).click();
    await expect(dialog).toHaveCount(0);
    const payment = panel.getByTestId("invoice-payment");
    await expect(payment).toContainText("Check #1042");
    await expect(payment).toContainText("Waiting to be sent");
    await expect(panel.getByTestId("invoice-balance")).toContainText(money(totalCents - 5_000));
    await expect(panel.getByTestId("invoice-status")).toHaveText("Partly paid");
    await panel.scrollIntoViewIfNeeded();
    await shootScreen(tab, "invoice-job-offline-1024");
    // Nothing reached the office yet.
    await expect(officeInvoice).toContainText("No invoice yet.");

    // The signal is back: the completion, the invoice and the check leave in that order, each once.
    await tablet.setOffline(false);
    await expect(panel.getByRole("heading", { name: /^Invoice INV-\d{6}$/ })).toBeVisible();
    await expect(payment).not.toContainText("Waiting to be sent");
    const invoice = await invoiceOf(request, admin, booking._id);
    expect(invoice).toMatchObject({ status: "partially_paid", totalCents, paidCents: 5_000 });
    expect(invoice.payments).toHaveLength(1);
    expect(invoice.payments[0]).toMatchObject({ method: "check", reference: "1042", amountCents: 5_000 });
    await panel.scrollIntoViewIfNeeded();
    await shootScreen(tab, "invoice-job-1024");

    // The office saw it live: the booking's invoice partly paid, the money collected this month moved.
    await expect(officeInvoice.getByRole("heading", { name: `Invoice ${invoice.number}` })).toBeVisible();
    await expect(officeInvoice.getByTestId("invoice-status")).toHaveText("Partly paid");
    await expect(collectedCard).toHaveText(money(collectedBefore + 5_000));
    await officeInvoice.scrollIntoViewIfNeeded();
    await shootScreen(page, "invoice-booking-details-1280");

    // The receivables: the open invoice in the reports, on another tab of the office.
    const reports = await context.newPage();
    await reports.setViewportSize({ width: 1280, height: 800 });
    await reports.goto("/dashboard/reports");
    const open = reports.getByRole("table", { name: "Open invoices" });
    await expect(open.getByRole("row").filter({ hasText: invoice.number })).toContainText(money(totalCents - 5_000));
    await reports.getByRole("region", { name: "Receivables by age" }).scrollIntoViewIfNeeded();
    await shootScreen(reports, "invoice-receivables-1280");
    await reports.close();

    // The office e-mails the invoice; the customer opens its link on a phone.
    await officeInvoice.getByRole("button", { name: "E-mail to Customer" }).click();
    await expect(officeInvoice).toContainText(`Invoice ${invoice.number} was e-mailed to the customer.`);
    const mail = await waitForMail(email, /^Invoice INV-/);
    const link = /https?:\/\/[^\s"'<>]+\/invoices\/[\w-]+/.exec(mail.text ?? "")?.[0];
    expect(link, "the invoice's link").toBeTruthy();
    const { context: phoneContext, page: phone } = await openContext();
    // The browser asks the Checkout peer for an icon it does not have; Stripe's page has one.
    await phoneContext.route(
      (url) => url.pathname === "/favicon.ico" && url.origin !== new URL(link!).origin,
      (route) => route.fulfill({ status: 204 }),
    );
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(new URL(link!).pathname);
    await expect(phone.getByRole("heading", { level: 1, name: new RegExp(invoice.number) })).toBeVisible();
    await expect(phone.getByTestId("invoice-balance")).toContainText(money(totalCents - 5_000));
    expect(await seriousViolations(phone), "the customer's invoice").toEqual([]);
    await snapshot(phone, "invoice-public-open-390");

    // Pay now: the local Checkout peer's page, paid, and back to the invoice, which shows it paid once the webhook lands.
    await phone.getByRole("button", { name: `Pay ${money(totalCents - 5_000)} now` }).click();
    await expect(phone.getByRole("heading", { name: "Test Checkout" })).toBeVisible();
    await phone.getByRole("button", { name: /^Pay \$/ }).click();
    await expect(phone.getByText("Paid in full. Thank you!")).toBeVisible();
    expect(new URL(phone.url()).pathname).toBe(new URL(link!).pathname);
    await expect(phone.getByTestId("invoice-balance")).toContainText("$0.00");
    await expect(phone.getByTestId("invoice-payment")).toHaveCount(2);
    await snapshot(phone, "invoice-public-paid-390");

    // The office's dashboard, still open, shows it paid; the money collected counts it.
    await expect(officeInvoice.getByTestId("invoice-status")).toHaveText("Paid");
    await expect(collectedCard).toHaveText(money(collectedBefore + totalCents));
    const paid = await invoiceOf(request, admin, booking._id);
    expect(paid).toMatchObject({ status: "paid", balanceCents: 0 });
    expect(paid.payments.map((p) => p.method)).toEqual(["check", "online"]);

    // The receipt of the online payment carries the invoice's PDF.
    const receipt = await waitForMail(email, new RegExp(`^Receipt: ${money(totalCents - 5_000).replace("$", "\\$")}`));
    const pdf = receipt.attachments.find((a) => a.contentType === "application/pdf");
    expect(pdf, "the receipt's PDF").toBeTruthy();
    expect(pdf!.content.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
