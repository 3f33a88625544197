import assert from "node:assert/strict";
import type { DataEnvelope, ErrorBody } from "../../contracts/common/wire.ts";
import type { Estimate, EstimatePublicView } from "../../contracts/estimates/estimate.ts";
import type { Invoice } from "../../contracts/invoices/invoice.ts";
import type { ReportSummary } from "../../contracts/reports/reports.ts";
import { createTestContext } from "../../testing/context.ts";
import { rowCounts } from "../../testing/database.ts";
import { newBooking, priceBookByName } from "../../testing/estimates.ts";
import { startStripePeer, stripeEnv, stripeSignature } from "../../testing/stripe-peer.ts";

const WEBHOOK_SECRET = "whsec_test_deposits";

Deno.test("deposits: an option's deposit is paid online on approval, then counted on the job's invoice", async (t) => {
  const peer = startStripePeer({ webhookSecret: WEBHOOK_SECRET });
  const ctx = await createTestContext({
    env: stripeEnv(peer, WEBHOOK_SECRET),
  });
  try {
    const bookingId = await newBooking(ctx);
    const uv = (await priceBookByName(ctx)).get("UV light installation")!;
    const hook = (payload: string) =>
      ctx.request("POST", "/api/webhooks/stripe", {
        rawBody: payload,
        headers: { "Content-Type": "application/json", "Stripe-Signature": stripeSignature(payload, WEBHOOK_SECRET) },
      });
    const lines = [{ priceBookItemId: uv._id, quantity: 2 }];
    let estimate: Estimate;

    await t.step("each option's deposit: its own percent or amount, else the Settings default; not both", async () => {
      const before = await rowCounts(ctx.sql);
      const both = await ctx.asAdmin<ErrorBody>("POST", "/api/estimates", {
        body: { bookingId, options: [{ title: "UV", lines, depositPercent: 10, depositCents: 5000 }] },
      });
      assert.equal(both.status, 400);
      assert.equal(both.body.message, "An option's deposit is a percent or an amount, not both");
      for (const bad of [{ depositPercent: 101 }, { depositCents: -1 }, { depositCents: 1.5 }]) {
        const res = await ctx.asAdmin("POST", "/api/estimates", {
          body: { bookingId, options: [{ title: "UV", lines, ...bad }] },
        });
        assert.equal(res.status, 400, JSON.stringify(bad));
      }
      assert.equal((await ctx.asAdmin("PUT", "/api/settings", { body: { depositDefaultPercent: 101 } })).status, 400);
      assert.deepEqual(await rowCounts(ctx.sql), before, "nothing written");

      const saved = await ctx.asAdmin("PUT", "/api/settings", { body: { depositDefaultPercent: 10 } });
      assert.equal(saved.status, 200);
      const made = await ctx.asAdmin<DataEnvelope<Estimate>>("POST", "/api/estimates", {
        body: {
          bookingId,
          options: [
            { title: "Two lamps", lines, depositPercent: 25 },
            { title: "Two lamps, fixed deposit", lines, depositCents: 5000 },
            { title: "Two lamps, the default", lines },
          ],
        },
      });
      assert.equal(made.status, 201, JSON.stringify(made.body));
      estimate = made.body.data;
      // Two UV lamps at $449.00, no tax: $898.00; 25 % is $224.50; the default 10 % is $89.80.
      assert.deepEqual(
        estimate.options.map((o) => [o.totalCents, o.depositCents]),
        [
          [89800, 22450],
          [89800, 5000],
          [89800, 8980],
        ],
      );
      assert.equal(estimate.depositCents, 22450, "before approval: the first option's");
      assert.equal(estimate.depositPaidCents, 0);
    });

    await t.step("approving online answers the deposit's Checkout page; nothing is approved yet", async () => {
      const res = await ctx.request<{ checkoutUrl: string }>(
        "POST",
        `/api/estimates/by-token/${estimate.token}/approve`,
        { body: { optionId: estimate.options[0]!._id, signedBy: "Dana Whitfield" } },
      );
      assert.equal(res.status, 202, JSON.stringify(res.body));
      assert.match(res.body.checkoutUrl, new RegExp(`^${peer.origin}/pay/cs_test_`));
      const session = [...peer.sessions.values()].at(-1)!;
      assert.equal(session.amount_total, 22450);
      assert.equal(session.metadata.estimateId, estimate._id);
      assert.equal(session.client_reference_id, null, "not an invoice's session");
      const page = await ctx.request<DataEnvelope<EstimatePublicView>>(
        "GET",
        `/api/estimates/by-token/${estimate.token}`,
      );
      assert.notEqual(page.body.data.status, "approved");
      assert.equal(page.body.data.approval, null);
    });

    await t.step("the paid session records the deposit and the approval once, whatever Stripe retries", async () => {
      const session = [...peer.sessions.values()].at(-1)!;
      const event = peer.completedEvent(session, "evt_deposit_1");
      assert.equal((await hook(event)).status, 200);
      assert.equal((await hook(event)).status, 200, "the same event again");
      assert.equal((await hook(peer.completedEvent(session, "evt_deposit_2"))).status, 200, "another, same session");
      const page = await ctx.request<DataEnvelope<EstimatePublicView>>(
        "GET",
        `/api/estimates/by-token/${estimate.token}`,
      );
      assert.equal(page.body.data.status, "approved");
      assert.equal(page.body.data.approvedOptionId, estimate.options[0]!._id);
      assert.equal(page.body.data.approval?.signedBy, "Dana Whitfield");
      assert.equal(page.body.data.depositPaidCents, 22450);
      const [{ count }] = await ctx.sql<{ count: number }[]>`
        select count(*)::int as count from payments where estimate_id = ${estimate._id}`;
      assert.equal(count, 1);
      const approvedMail = await ctx.sql`select 1 from outbox where kind = 'estimate-approved'`;
      assert.equal(approvedMail.length, 1, "the customer's copy of what they approved, once");
    });

    await t.step("held until the invoice is made, which counts it; the reports follow", async () => {
      const period = `from=2026-01-01&to=2026-12-31`;
      const held = await ctx.asAdmin<ReportSummary>("GET", `/api/reports/summary?${period}`);
      assert.equal(held.body.depositsHeldCents, 22450);
      const payment = await ctx.sql<{ id: string }[]>`select id from payments where estimate_id = ${estimate._id}`;
      const early = await ctx.asAdmin<ErrorBody>("POST", `/api/payments/${payment[0]!.id}/refunds`, {
        body: { amountCents: 100, reason: "Too early" },
      });
      assert.equal(early.status, 409);
      const made = await ctx.asAdmin<DataEnvelope<Invoice>>("POST", `/api/bookings/${bookingId}/invoice`);
      assert.equal(made.status, 201);
      const invoice = made.body.data;
      // The booked service ($358.20) and the approved option ($898.00).
      assert.equal(invoice.totalCents, 35820 + 89800);
      assert.deepEqual(
        invoice.payments.map((p) => [p.method, p.amountCents]),
        [["online", 22450]],
      );
      assert.deepEqual([invoice.paidCents, invoice.balanceCents, invoice.status], [22450, 103170, "partially_paid"]);
      const after = await ctx.asAdmin<ReportSummary>("GET", `/api/reports/summary?${period}`);
      assert.equal(after.body.depositsHeldCents, 0);
      const refunded = await ctx.asAdmin<DataEnvelope<Invoice>>("POST", `/api/payments/${payment[0]!.id}/refunds`, {
        body: { amountCents: 22450, reason: "Job cancelled" },
      });
      assert.equal(refunded.status, 201, "refunded from the invoice, through Stripe");
      assert.equal(peer.refunds.at(-1)!.amount, 22450);
    });
  } finally {
    await ctx.close();
    await peer.close();
  }
});
