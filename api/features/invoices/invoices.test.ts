import assert from "node:assert/strict";
import { PDFDocument } from "pdf-lib";
import type { DataEnvelope, ErrorBody } from "../../contracts/common/wire.ts";
import type { Estimate } from "../../contracts/estimates/estimate.ts";
import type { Invoice, InvoicePublicView } from "../../contracts/invoices/invoice.ts";
import { createTestContext } from "../../testing/context.ts";
import { rowCounts } from "../../testing/database.ts";
import { newBooking, priceBookByName } from "../../testing/estimates.ts";
import { addStaff, assignJob } from "../../testing/staff.ts";
import { startStripePeer, stripeEnv, stripeSignature } from "../../testing/stripe-peer.ts";

type One = DataEnvelope<Invoice> & ErrorBody;
const WEBHOOK_SECRET = "whsec_test_secret";

Deno.test("invoices: issued once per booking, paid on site and online, refunded, voided", async (t) => {
  const peer = startStripePeer({ webhookSecret: WEBHOOK_SECRET });
  const ctx = await createTestContext({
    env: stripeEnv(peer, WEBHOOK_SECRET),
  });
  try {
    const ann = await addStaff(ctx, "Ann Tech");
    const bob = await addStaff(ctx, "Bob Tech");
    await ctx.asAdmin("PUT", "/api/settings", { body: { taxRatePercent: 7.25 } });
    const bookingId = await newBooking(ctx);
    await assignJob(ctx, bookingId, ann.member._id);
    const guard = (await priceBookByName(ctx)).get("Bird guard")!;
    const estimate = await ctx.asAdmin<DataEnvelope<Estimate>>("POST", "/api/estimates", {
      body: { bookingId, options: [{ title: "Guard", lines: [{ priceBookItemId: guard._id, quantity: 2 }] }] },
    });
    const approved = await ctx.request("POST", `/api/estimates/by-token/${estimate.body.data.token}/approve`, {
      body: { optionId: estimate.body.data.options[0]!._id, signedBy: "Dana Whitfield" },
    });
    assert.equal(approved.status, 200);
    const as = (token: string) => (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
      ctx.request<One>(method, path, { token, body, headers });
    const tech = as(ann.token);
    const other = as(bob.token);
    const office = as(ctx.adminToken);
    const key = () => ({ "Idempotency-Key": crypto.randomUUID() });
    let invoice: Invoice;

    await t.step(
      "the technician may invoice only a completed visit; the office any time; once per booking",
      async () => {
        const early = await tech("POST", `/api/bookings/${bookingId}/invoice`);
        assert.equal(early.status, 409);
        assert.equal((await other("POST", `/api/bookings/${bookingId}/invoice`)).status, 404);
        const made = await office("POST", `/api/bookings/${bookingId}/invoice`);
        assert.equal(made.status, 201, JSON.stringify(made.body));
        invoice = made.body.data;
        assert.equal(invoice.number, "INV-000001");
        assert.equal(invoice.status, "open");
        // Two units of air duct cleaning at $199, 10 % off, and two bird guards at $69 from the approved estimate.
        assert.deepEqual(
          invoice.lines.map((l) => [l.description, l.quantity, l.unitPriceCents, l.amountCents, l.taxable]),
          [
            ["Air Duct Cleaning", 2, 19900, 39800, true],
            ["Quantity discount", 1, -3980, -3980, true],
            ["Bird guard (E-1001: Guard)", 2, 6900, 13800, true],
          ],
        );
        // 49620 × 7.25 % = 3597.45 → 3597.
        assert.deepEqual([invoice.subtotalCents, invoice.taxCents, invoice.totalCents], [49620, 3597, 53217]);
        assert.deepEqual([invoice.paidCents, invoice.balanceCents], [0, 53217]);
        assert.equal(Date.parse(invoice.dueAt) - Date.parse(invoice.issuedAt), 14 * 24 * 60 * 60 * 1000);
        const again = await tech("POST", `/api/bookings/${bookingId}/invoice`);
        assert.equal(again.status, 200);
        assert.equal(again.body.data._id, invoice._id);
        const details = await tech("GET", `/api/bookings/${bookingId}`);
        assert.equal((details.body as unknown as { invoice: Invoice }).invoice._id, invoice._id);
      },
    );

    await t.step("the office edits adjustments while nothing is paid", async () => {
      const res = await office("PUT", `/api/invoices/${invoice._id}`, {
        adjustments: [{ description: "Returning customer credit", quantity: 1, unitPriceCents: -1000, taxable: false }],
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.data.lines.length, 4);
      assert.deepEqual(
        [res.body.data.subtotalCents, res.body.data.taxCents, res.body.data.totalCents],
        [48620, 3597, 52217],
      );
      invoice = res.body.data;
      assert.equal((await tech("PUT", `/api/invoices/${invoice._id}`, { adjustments: [] })).status, 403);
    });

    await t.step(
      "payments are refused: no key, not a positive whole amount, over the balance, not the tech's",
      async () => {
        const before = await rowCounts(ctx.sql);
        const url = `/api/invoices/${invoice._id}/payments`;
        assert.equal((await tech("POST", url, { method: "cash", amountCents: 100 })).status, 400, "no key");
        for (const amountCents of [0, -5, 10.5, "100"]) {
          assert.equal(
            (await tech("POST", url, { method: "cash", amountCents }, key())).status,
            400,
            String(amountCents),
          );
        }
        assert.equal((await tech("POST", url, { method: "bitcoin", amountCents: 100 }, key())).status, 400);
        const over = await tech("POST", url, { method: "cash", amountCents: 52218 }, key());
        assert.equal(over.status, 409);
        assert.equal(over.body.message, "That is more than the balance of $522.17");
        assert.equal((await other("POST", url, { method: "cash", amountCents: 100 }, key())).status, 404);
        assert.deepEqual(await rowCounts(ctx.sql), before);
      },
    );

    await t.step(
      "a check for part of it, by the booking's id, recorded once per key; a receipt with the PDF",
      async () => {
        const sent = key();
        const body = { method: "check", amountCents: 20000, reference: "1042", at: "2026-03-02T14:30:00.000Z" };
        const paid = await tech("POST", `/api/bookings/${bookingId}/invoice/payments`, body, sent);
        assert.equal(paid.status, 201, JSON.stringify(paid.body));
        assert.equal(paid.body.data.status, "partially_paid");
        assert.deepEqual([paid.body.data.paidCents, paid.body.data.balanceCents], [20000, 32217]);
        const [payment] = paid.body.data.payments;
        assert.equal(payment!.method, "check");
        assert.equal(payment!.reference, "1042");
        assert.equal(payment!.by, "Ann Tech");
        const replay = await tech("POST", `/api/bookings/${bookingId}/invoice/payments`, body, sent);
        assert.equal(replay.status, 201);
        assert.equal(replay.body.data.payments.length, 1, "the same key records one payment");
        const [receipt] = await ctx.sql<{ subject: string; files: { filename: string }[] }[]>`
        select subject, message->'attachments' as files from outbox where kind = 'payment-receipt'`;
        assert.equal(receipt!.subject, "Receipt: $200.00 for invoice INV-000001");
        assert.deepEqual(
          receipt!.files.map((f) => f.filename),
          ["invoice-INV-000001.pdf"],
        );
        const told = ctx.events.events.findLast((e) => e.event === "invoiceUpdated");
        assert.ok(told && told.event === "invoiceUpdated");
        assert.equal(told.payload.invoice.paidCents, 20000);
        assert.equal(told.payload.technicianId, ann.member._id);
        assert.equal((await office("PUT", `/api/invoices/${invoice._id}`, { adjustments: [] })).status, 409);
      },
    );

    await t.step("void is refused while payments remain; refunds never exceed a payment", async () => {
      assert.equal((await office("POST", `/api/invoices/${invoice._id}/void`, { reason: "Wrong job" })).status, 409);
      const current = (await office("GET", `/api/invoices/${invoice._id}`)).body.data;
      const paymentId = current.payments[0]!._id;
      const tooMuch = await office("POST", `/api/payments/${paymentId}/refunds`, { amountCents: 20001, reason: "x" });
      assert.equal(tooMuch.status, 409);
      assert.equal(
        (await tech("POST", `/api/payments/${paymentId}/refunds`, { amountCents: 1, reason: "x" })).status,
        403,
      );
      const refunded = await office("POST", `/api/payments/${paymentId}/refunds`, {
        amountCents: 5000,
        reason: "Goodwill",
      });
      assert.equal(refunded.status, 201);
      assert.equal(refunded.body.data.payments[0]!.refundedCents, 5000);
      assert.deepEqual([refunded.body.data.paidCents, refunded.body.data.balanceCents], [15000, 37217]);
    });

    await t.step("the customer's page, and Pay now through Checkout for the balance", async () => {
      const page = await ctx.request<DataEnvelope<InvoicePublicView>>("GET", `/api/invoices/by-token/${invoice.token}`);
      assert.equal(page.status, 200);
      assert.equal(page.body.data.payOnline, true);
      assert.equal("token" in page.body.data, false);
      assert.equal(page.body.data.balanceCents, 37217);
      const checkout = await ctx.request<{ url: string }>("POST", `/api/invoices/by-token/${invoice.token}/checkout`);
      assert.equal(checkout.status, 200, JSON.stringify(checkout.body));
      assert.match(checkout.body.url, new RegExp(`^${peer.origin}/pay/cs_test_`));
      const session = [...peer.sessions.values()].at(-1)!;
      assert.equal(session.amount_total, 37217);
      assert.equal(session.client_reference_id, invoice._id);
      assert.deepEqual(session.metadata, { invoiceId: invoice._id, invoiceNumber: "INV-000001" });
      assert.equal(session.currency, "usd");
    });

    await t.step("the webhook: bad or old signatures write nothing; a paid session records once", async () => {
      const session = [...peer.sessions.values()].at(-1)!;
      const hook = (payload: string, signature: string) =>
        ctx.request<ErrorBody>("POST", "/api/webhooks/stripe", {
          rawBody: payload,
          headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        });
      const event = peer.completedEvent(session, "evt_paid_1");
      const before = await rowCounts(ctx.sql);
      assert.equal((await hook(event, stripeSignature(event, "whsec_wrong"))).status, 400);
      assert.equal((await hook(event, stripeSignature(event + " ", WEBHOOK_SECRET))).status, 400, "another body");
      const old = Math.floor(Date.now() / 1000) - 6 * 60;
      assert.equal((await hook(event, stripeSignature(event, WEBHOOK_SECRET, old))).status, 400, "over 5 minutes");
      assert.equal((await hook(event, "")).status, 400);
      assert.deepEqual(await rowCounts(ctx.sql), before);

      const other = JSON.stringify({ id: "evt_other", object: "event", type: "invoice.created", data: { object: {} } });
      assert.equal((await hook(other, stripeSignature(other, WEBHOOK_SECRET))).status, 200, "unhandled types: 2xx");

      assert.equal((await hook(event, stripeSignature(event, WEBHOOK_SECRET))).status, 200);
      assert.equal((await hook(event, stripeSignature(event, WEBHOOK_SECRET))).status, 200, "Stripe's retry");
      const second = peer.completedEvent(session, "evt_paid_2");
      assert.equal(
        (await hook(second, stripeSignature(second, WEBHOOK_SECRET))).status,
        200,
        "another event, same session",
      );
      const paid = (await office("GET", `/api/invoices/${invoice._id}`)).body.data;
      const online = paid.payments.filter((p) => p.method === "online");
      assert.equal(online.length, 1);
      assert.equal(online[0]!.amountCents, 37217);
      assert.equal(online[0]!.reference, session.payment_intent);
      assert.equal(paid.status, "paid");
      assert.equal(paid.balanceCents, 0);
      const told = ctx.events.events.findLast((e) => e.event === "invoicePaid");
      assert.ok(told && told.event === "invoicePaid");
      assert.equal(told.payload.invoice._id, invoice._id);
      const checkout = await ctx.request<ErrorBody>("POST", `/api/invoices/by-token/${invoice.token}/checkout`);
      assert.equal(checkout.status, 409, "nothing left to pay");
    });

    await t.step("an online payment is refunded through the provider; then the invoice may be voided", async () => {
      const current = (await office("GET", `/api/invoices/${invoice._id}`)).body.data;
      for (const p of current.payments) {
        const left = p.amountCents - p.refundedCents;
        const res = await office("POST", `/api/payments/${p._id}/refunds`, { amountCents: left, reason: "Job redone" });
        assert.equal(res.status, 201);
      }
      assert.deepEqual(peer.refunds, [
        { payment_intent: [...peer.sessions.values()].at(-1)!.payment_intent, amount: 37217 },
      ]);
      const receipts = await ctx.sql<{ subject: string; text: string }[]>`
        select message->>'subject' as subject, message->>'text' as text from outbox
        where kind = 'refund-receipt' and booking_id = ${bookingId} order by seq`;
      assert.deepEqual(
        receipts.map((r) => r.subject).sort(),
        [
          "Refund: $150.00 for invoice INV-000001",
          "Refund: $372.17 for invoice INV-000001",
          "Refund: $50.00 for invoice INV-000001",
        ],
        "a receipt of each refund, through the outbox",
      );
      const online = receipts.find((r) => r.subject.startsWith("Refund: $372.17"))!;
      assert.match(online.text, /goes back to the card you paid with/);
      assert.match(online.text, /Job redone/);
      const voided = await office("POST", `/api/invoices/${invoice._id}/void`, { reason: "Job redone under warranty" });
      assert.equal(voided.status, 200);
      assert.equal(voided.body.data.status, "void");
      assert.equal(voided.body.data.number, "INV-000001", "a void invoice keeps its number");
      const pay = await office(
        "POST",
        `/api/invoices/${invoice._id}/payments`,
        { method: "cash", amountCents: 1 },
        key(),
      );
      assert.equal(pay.status, 409);
      assert.equal((await ctx.asAdmin("DELETE", `/api/bookings/${bookingId}`)).status, 409, "nothing is deleted");
    });

    await t.step("the PDF, for staff and through the link", async () => {
      for (const [url, token] of [
        [`/api/invoices/${invoice._id}/pdf`, ann.token],
        [`/api/invoices/by-token/${invoice.token}/pdf`, undefined],
      ] as const) {
        const res = await ctx.app.request(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
        assert.equal(res.status, 200);
        assert.equal(res.headers.get("Content-Type"), "application/pdf");
        const doc = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
        assert.equal(doc.getTitle(), "Invoice INV-000001");
      }
      assert.equal((await other("GET", `/api/invoices/${invoice._id}/pdf`)).status, 404);
    });
  } finally {
    await ctx.close();
    await peer.close();
  }
});

Deno.test("invoice numbers: 20 concurrent creations and a void leave INV numbers without a gap", async () => {
  const ctx = await createTestContext({ env: { SLOT_CAPACITY: "100", BOOKING_LIMIT_PER_HOUR: "1000" } });
  try {
    const bookings: string[] = [];
    for (let i = 0; i < 20; i++) bookings.push(await newBooking(ctx, { email: `c${i}@example.com` }));
    // Each booking asked twice at once: one invoice each, whatever the race.
    const answers = await Promise.all(
      [...bookings, ...bookings].map((id) => ctx.asAdmin<One>("POST", `/api/bookings/${id}/invoice`)),
    );
    assert.equal(answers.filter((a) => a.status === 201).length, 20);
    assert.equal(answers.filter((a) => a.status === 200).length, 20);
    const numbers = [...new Set(answers.map((a) => a.body.data.number))].sort();
    assert.deepEqual(
      numbers,
      Array.from({ length: 20 }, (_, i) => `INV-${String(i + 1).padStart(6, "0")}`),
    );
    const voided = await ctx.asAdmin<One>("POST", `/api/invoices/${answers[0]!.body.data._id}/void`, {
      body: { reason: "Duplicate" },
    });
    assert.equal(voided.status, 200);
    const next = await ctx.asAdmin<One>(
      "POST",
      `/api/bookings/${await newBooking(ctx, { email: "z@example.com" })}/invoice`,
    );
    assert.equal(next.body.data.number, "INV-000021", "a void keeps its number; the next follows");
  } finally {
    await ctx.close();
  }
});
