import assert from "node:assert/strict";
import type { ParsedMail } from "mailparser";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { DataEnvelope, ErrorBody } from "../../contracts/common/wire.ts";
import type { Estimate } from "../../contracts/estimates/estimate.ts";
import type { Invoice } from "../../contracts/invoices/invoice.ts";
import type { ReportSummary } from "../../contracts/reports/reports.ts";
import { createMailTransport } from "../../outbox/mail/transport.ts";
import { parseMail, startTestSmtpServer, waitUntil, withWorker } from "../../outbox/testing.ts";
import { createTestContext, type TestContext } from "../../testing/context.ts";
import { silentLogger } from "../../testing/log.ts";
import { rowCounts } from "../../testing/database.ts";
import { pdfText } from "../../testing/pdf-text.ts";
import { newBooking, priceBookByName, SIGNATURE } from "../../testing/estimates.ts";
import { customerCookie, signInCustomer } from "../../testing/portal.ts";
import { addStaff, assignJob } from "../../testing/staff.ts";
import { startStripePeer, stripeEnv, stripeSignature } from "../../testing/stripe-peer.ts";

const WEBHOOK_SECRET = "whsec_test_deposits_on_site";
const toAddress = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;
const PERIOD = "from=2026-01-01&to=2026-12-31";

/** An estimate of two UV lamps ($898.00, no tax) whose one option asks a $150.00 deposit. */
async function estimateWithDeposit(ctx: TestContext, bookingId: string, token = ctx.adminToken): Promise<Estimate> {
  const uv = (await priceBookByName(ctx)).get("UV light installation")!;
  const made = await ctx.request<DataEnvelope<Estimate>>("POST", "/api/estimates", {
    token,
    body: {
      bookingId,
      options: [{ title: "Two lamps", lines: [{ priceBookItemId: uv._id, quantity: 2 }], depositCents: 15000 }],
    },
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  return made.body.data;
}

const approval = (e: Estimate, deposit: Record<string, unknown>) => ({
  optionId: e.options[0]!._id,
  signedBy: "Dana Whitfield",
  signature: SIGNATURE,
  at: new Date().toISOString(),
  deposit,
});

/** The customer's e-mails of a cancelled job's deposit refunded, as the outbox holds them. */
const refundMails = async (ctx: TestContext, bookingId: string) =>
  await ctx.sql<{ to: string; subject: string; text: string }[]>`
    select to_address as to, subject, message->>'text' as text from outbox
    where kind = 'deposit-refund-receipt' and booking_id = ${bookingId}`;

const held = async (ctx: TestContext) =>
  (await ctx.asAdmin<ReportSummary>("GET", `/api/reports/summary?${PERIOD}`)).body.depositsHeldCents;

Deno.test("deposits on site and on cancellation: recorded once with the approval, refunded or kept", async (t) => {
  const peer = startStripePeer({ webhookSecret: WEBHOOK_SECRET });
  const smtp = await startTestSmtpServer();
  const ctx = await createTestContext({
    env: {
      ...stripeEnv(peer, WEBHOOK_SECRET),
      SMTP_URL: smtp.url,
    },
  });
  const transport = createMailTransport(ctx.config.mail, silentLogger);
  try {
    const ann = await addStaff(ctx, "Ann Tech");
    const bob = await addStaff(ctx, "Bob Tech");
    const jobId = await newBooking(ctx);
    await assignJob(ctx, jobId, ann.member._id);
    const estimate = await estimateWithDeposit(ctx, jobId, ann.token);
    const approveAs = (token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
      ctx.request<DataEnvelope<Estimate> & ErrorBody>("POST", `/api/estimates/${estimate._id}/approve`, {
        token,
        body,
        headers,
      });

    await t.step("refused to whoever may not, and for an amount not the option's, with nothing written", async () => {
      const body = approval(estimate, { method: "cash", amountCents: 15000 });
      const customer = await signInCustomer(ctx, "dana.whitfield@example.com");
      const before = await rowCounts(ctx.sql);
      assert.equal((await approveAs(bob.token, body)).status, 404, "a technician of another job");
      const asCustomer = await ctx.request("POST", `/api/estimates/${estimate._id}/approve`, {
        body,
        headers: { Cookie: customerCookie(customer) },
      });
      assert.equal(asCustomer.status, 403, "a customer");
      assert.equal((await approveAs(undefined, body)).status, 401, "the public");
      const wrong = await approveAs(ann.token, approval(estimate, { method: "cash", amountCents: 9999 }));
      assert.equal(wrong.status, 422);
      assert.equal(wrong.body.message, "This option's deposit is $150.00");
      const badMethod = await approveAs(ann.token, approval(estimate, { method: "online", amountCents: 15000 }));
      assert.equal(badMethod.status, 400);
      assert.deepEqual(await rowCounts(ctx.sql), before, "nothing written, not even the approval");
    });

    await t.step("the technician's cash deposit is recorded once, sent twice or with a new key", async () => {
      const body = approval(estimate, { method: "cash", amountCents: 15000 });
      const key = { "Idempotency-Key": crypto.randomUUID() };
      const first = await approveAs(ann.token, body, key);
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(first.body.data.status, "approved");
      assert.equal(first.body.data.depositPaidCents, 15000);
      const again = await approveAs(ann.token, body, key);
      assert.deepEqual(again.body, first.body, "the same answer to the same key");
      const resent = await approveAs(ann.token, body, { "Idempotency-Key": crypto.randomUUID() });
      assert.equal(resent.status, 200);
      assert.equal(resent.body.data.depositPaidCents, 15000);
      const rows = await ctx.sql<{ method: string; amount_cents: number; by_name: string }[]>`
        select method, amount_cents::int, by_name from payments where estimate_id = ${estimate._id}`;
      assert.deepEqual([...rows], [{ method: "cash", amount_cents: 15000, by_name: "Ann Tech" }]);
      assert.equal(await held(ctx), 15000);
    });

    await t.step("the job's invoice counts it, as a deposit", async () => {
      const made = await ctx.asAdmin<DataEnvelope<Invoice>>("POST", `/api/bookings/${jobId}/invoice`);
      assert.equal(made.status, 201);
      const invoice = made.body.data;
      assert.deepEqual(
        invoice.payments.map((p) => [p.method, p.amountCents, p.deposit]),
        [["cash", 15000, true]],
      );
      assert.equal(invoice.paidCents, 15000);
      assert.equal(invoice.balanceCents, invoice.totalCents - 15000);
      assert.equal(await held(ctx), 0);
      // The customer's copy names it a deposit too.
      const pdf = await ctx.app.request(`/api/invoices/by-token/${invoice.token}/pdf`);
      assert.equal(pdf.status, 200);
      assert.match(await pdfText(new Uint8Array(await pdf.arrayBuffer())), /Deposit: \$150\.00/);
    });

    await t.step("a cancelled job's online deposit is refunded in full through Stripe", async () => {
      const bookingId = await newBooking(ctx, { cleaningTime: "11:00 AM" });
      const online = await estimateWithDeposit(ctx, bookingId);
      const started = await ctx.request<{ checkoutUrl: string }>(
        "POST",
        `/api/estimates/by-token/${online.token}/approve`,
        { body: { optionId: online.options[0]!._id, signedBy: "Dana Whitfield" } },
      );
      assert.equal(started.status, 202, JSON.stringify(started.body));
      const session = [...peer.sessions.values()].at(-1)!;
      const event = peer.completedEvent(session, "evt_deposit_cancelled");
      const paid = await ctx.request("POST", "/api/webhooks/stripe", {
        rawBody: event,
        headers: { "Content-Type": "application/json", "Stripe-Signature": stripeSignature(event, WEBHOOK_SECRET) },
      });
      assert.equal(paid.status, 200);
      assert.equal(await held(ctx), 15000);

      const refundsBefore = peer.refunds.length;
      const cancelled = await ctx.asAdmin<DataEnvelope<Booking>>("PUT", `/api/bookings/${bookingId}/status`, {
        body: { status: "cancelled" },
      });
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
      assert.equal(peer.refunds.length, refundsBefore + 1);
      assert.equal(peer.refunds.at(-1)!.amount, 15000);
      const [payment] = await ctx.sql<{ refunded: number; reason: string; provider_reference: string }[]>`
        select p.refunded_cents::int as refunded, r.reason, r.provider_reference
        from payments p join refunds r on r.payment_id = p.id where p.estimate_id = ${online._id}`;
      assert.equal(payment!.refunded, 15000);
      assert.equal(payment!.reason, "Job cancelled");
      assert.notEqual(payment!.provider_reference, "");
      assert.equal(await held(ctx), 0);
      const audited = await ctx.sql`
        select 1 from audit_log where entity_type = 'booking' and entity_id = ${bookingId} and action = 'refund'`;
      assert.equal(audited.length, 1);
      const [mail] = await refundMails(ctx, bookingId);
      assert.equal(mail!.subject, "Deposit refunded: $150.00");
      assert.match(mail!.text, /was cancelled, so we refunded your deposit of \$150\.00\./);
      assert.match(mail!.text, /It goes back to the card you paid with/);
      assert.match(mail!.text, /Deposit: \$150\.00 \(Online\)/);
      // Taken back and cancelled again: nothing is left to refund, and nothing more is said.
      await ctx.asAdmin("PUT", `/api/bookings/${bookingId}/status`, { body: { status: "confirmed" } });
      await ctx.asAdmin("PUT", `/api/bookings/${bookingId}/status`, { body: { status: "cancelled" } });
      assert.equal(peer.refunds.length, refundsBefore + 1);
      assert.equal((await refundMails(ctx, bookingId)).length, 1, "one e-mail of the one refund");
    });

    await t.step("a cash deposit of a cancelled job is recorded as given back by the office", async () => {
      const bookingId = await newBooking(ctx, { cleaningTime: "1:00 PM" });
      const cash = await estimateWithDeposit(ctx, bookingId);
      const approved = await ctx.asAdmin("POST", `/api/estimates/${cash._id}/approve`, {
        body: approval(cash, { method: "check", amountCents: 15000, reference: "1042" }),
      });
      assert.equal(approved.status, 200, JSON.stringify(approved.body));
      const refundsBefore = peer.refunds.length;
      // Sent twice (a retry with its key, then again without): cancelled, refunded and e-mailed once.
      const key = { "Idempotency-Key": crypto.randomUUID() };
      for (const headers of [key, key, {}]) {
        const cancelled = await ctx.asAdmin("PUT", `/api/bookings/${bookingId}/status`, {
          body: { status: "cancelled" },
          headers,
        });
        assert.equal(cancelled.status, 200);
      }
      assert.equal(peer.refunds.length, refundsBefore, "not through Stripe");
      const mails = await refundMails(ctx, bookingId);
      assert.equal(mails.length, 1, "one e-mail, whatever the repeats");
      assert.match(mails[0]!.text, /It is given back by check\./);
      const [row] = await ctx.sql<{ refunded: number; by_name: string; provider_reference: string }[]>`
        select p.refunded_cents::int as refunded, r.by_name, r.provider_reference
        from payments p join refunds r on r.payment_id = p.id where p.estimate_id = ${cash._id}`;
      assert.deepEqual(row, { refunded: 15000, by_name: "Test Admin", provider_reference: "" });
    });

    await t.step("the customer cancelling through their link gets the deposit back in full", async () => {
      const bookingId = await newBooking(ctx, { cleaningDate: "2026-03-04" });
      const theirs = await estimateWithDeposit(ctx, bookingId);
      const approved = await ctx.asAdmin("POST", `/api/estimates/${theirs._id}/approve`, {
        body: approval(theirs, { method: "card", amountCents: 15000, reference: "4242" }),
      });
      assert.equal(approved.status, 200);
      const [{ manage_token }] = await ctx.sql<{ manage_token: string }[]>`
        select manage_token from bookings where id = ${bookingId}`;
      const cancelled = await ctx.request("POST", `/api/manage/${manage_token}/cancel`);
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
      const [row] = await ctx.sql<{ refunded: number; kept_at: Date | null }[]>`
        select refunded_cents::int as refunded, kept_at from payments where estimate_id = ${theirs._id}`;
      assert.deepEqual(row, { refunded: 15000, kept_at: null });
    });

    await t.step("kept when the office says so, with a reason: admins only, audited", async () => {
      const bookingId = await newBooking(ctx, { cleaningTime: "3:00 PM" });
      const kept = await estimateWithDeposit(ctx, bookingId);
      const approved = await ctx.asAdmin("POST", `/api/estimates/${kept._id}/approve`, {
        body: approval(kept, { method: "card", amountCents: 15000, reference: "4242" }),
      });
      assert.equal(approved.status, 200);
      await assignJob(ctx, bookingId, ann.member._id);
      const keep = { status: "cancelled", keepDepositReason: "Cancelled the morning of the visit" };
      const before = await rowCounts(ctx.sql);
      const asTechnician = await ctx.request("PUT", `/api/bookings/${bookingId}/status`, {
        token: ann.token,
        body: keep,
      });
      assert.equal(asTechnician.status, 403, "the job's own technician");
      assert.equal(
        (await ctx.request("PUT", `/api/bookings/${bookingId}/status`, { body: keep })).status,
        401,
        "the public",
      );
      const notCancelling = await ctx.asAdmin<ErrorBody>("PUT", `/api/bookings/${bookingId}/status`, {
        body: { status: "confirmed", keepDepositReason: "Why not" },
      });
      assert.equal(notCancelling.status, 400);
      assert.equal(notCancelling.body.message, "A deposit is kept only when the job is cancelled");
      assert.deepEqual(await rowCounts(ctx.sql), before, "nothing written");

      const heldBefore = await held(ctx);
      const cancelled = await ctx.asAdmin("PUT", `/api/bookings/${bookingId}/status`, { body: keep });
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
      const [row] = await ctx.sql<{ refunded: number; kept_reason: string; kept_by: string }[]>`
        select refunded_cents::int as refunded, kept_reason, kept_by from payments where estimate_id = ${kept._id}`;
      assert.deepEqual(row, { refunded: 0, kept_reason: "Cancelled the morning of the visit", kept_by: "Test Admin" });
      assert.equal(await held(ctx), heldBefore - 15000, "no longer held: the business has it");
      const [entry] = await ctx.sql<{ admin_email: string; changes: Record<string, { to?: unknown }> }[]>`
        select admin_email, changes from audit_log
        where entity_type = 'booking' and entity_id = ${bookingId} and action = 'deposit_kept'`;
      assert.ok(entry, "audited");
      assert.equal(entry.changes.reason?.to, "Cancelled the morning of the visit");
      assert.equal((await refundMails(ctx, bookingId)).length, 0, "nothing refunded, no refund e-mail");
    });

    await t.step("a Spanish customer's refund e-mail reaches them in Spanish, once", async () => {
      const { worker, allSent } = withWorker(ctx, transport);
      try {
        const email = "lucia.gomez@example.com";
        const bookingId = await newBooking(ctx, { email, firstName: "Lucía", cleaningTime: "3:00 PM", locale: "es" });
        const theirs = await estimateWithDeposit(ctx, bookingId);
        const approved = await ctx.asAdmin("POST", `/api/estimates/${theirs._id}/approve`, {
          body: approval(theirs, { method: "cash", amountCents: 15000 }),
        });
        assert.equal(approved.status, 200, JSON.stringify(approved.body));
        for (let i = 0; i < 2; i++) {
          const cancelled = await ctx.asAdmin("PUT", `/api/bookings/${bookingId}/status`, {
            body: { status: "cancelled" },
          });
          assert.equal(cancelled.status, 200);
        }
        const isRefund = (m: ParsedMail) => toAddress(m) === email && m.subject?.startsWith("Depósito reembolsado");
        await waitUntil("the refund e-mail", async () =>
          (await Promise.all(smtp.received.map(parseMail))).some(isRefund),
        );
        await waitUntil("every e-mail sent", allSent);
        const refunds = (await Promise.all(smtp.received.map(parseMail))).filter(isRefund);
        assert.equal(refunds.length, 1);
        assert.equal(refunds[0]!.subject, "Depósito reembolsado: $150.00");
        assert.ok(refunds[0]!.text!.startsWith("Hola Lucía:"), refunds[0]!.text);
        assert.match(refunds[0]!.text!, /fue cancelada, así que le reembolsamos su depósito de \$150\.00\./);
        assert.match(refunds[0]!.text!, /Se le devuelve en efectivo\./);
        assert.match(refunds[0]!.text!, /Depósito: \$150\.00 \(Efectivo\)/);
      } finally {
        await worker.stop();
      }
    });
  } finally {
    transport.close();
    await ctx.close();
    await peer.close();
    await smtp.close();
  }
});
