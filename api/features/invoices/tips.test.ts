import assert from "node:assert/strict";
import type { DataEnvelope, ErrorBody } from "../../contracts/common/wire.ts";
import type { Invoice } from "../../contracts/invoices/invoice.ts";
import type { ReportSummary } from "../../contracts/reports/reports.ts";
import type { Settings } from "../../contracts/settings/settings.ts";
import { createTestContext } from "../../testing/context.ts";
import { rowCounts } from "../../testing/database.ts";
import { newBooking } from "../../testing/estimates.ts";
import { addStaff, assignJob } from "../../testing/staff.ts";
import { startStripePeer, stripeEnv, stripeSignature } from "../../testing/stripe-peer.ts";

type One = DataEnvelope<Invoice> & ErrorBody;
const WEBHOOK_SECRET = "whsec_test_tips";

Deno.test(
  "tips: on a card or online payment when on, apart from the invoice, by technician in the reports",
  async (t) => {
    const peer = startStripePeer({ webhookSecret: WEBHOOK_SECRET });
    const ctx = await createTestContext({
      env: stripeEnv(peer, WEBHOOK_SECRET),
    });
    try {
      const ann = await addStaff(ctx, "Ann Tech");
      const bookingId = await newBooking(ctx);
      await assignJob(ctx, bookingId, ann.member._id);
      const invoice = (await ctx.asAdmin<One>("POST", `/api/bookings/${bookingId}/invoice`)).body.data;
      // Two units of air duct cleaning, 10 % off, no tax.
      assert.equal(invoice.totalCents, 35820);
      const pay = (body: Record<string, unknown>, token = ann.token) =>
        ctx.request<One>("POST", `/api/invoices/${invoice._id}/payments`, {
          token,
          body,
          headers: { "Idempotency-Key": crypto.randomUUID() },
        });

      await t.step("Settings: off to start with; three presets in percent, checked", async () => {
        const settings = await ctx.asAdmin<Settings>("GET", "/api/settings");
        assert.equal(settings.body.tipsEnabled, false);
        assert.deepEqual(settings.body.tipPercentPresets, [15, 18, 20]);
        for (const tipPercentPresets of [[10, 15], [10, 15, 15], [0, 10, 20], [10.5, 15, 20], "15,18,20"]) {
          const res = await ctx.asAdmin<ErrorBody>("PUT", "/api/settings", { body: { tipPercentPresets } });
          assert.equal(res.status, 400, JSON.stringify(tipPercentPresets));
        }
        const tech = await ctx.request("PUT", "/api/settings", { token: ann.token, body: { tipsEnabled: true } });
        assert.equal(tech.status, 403, "a technician may not turn tips on");
        const profile = await ctx.request<{ tips: unknown }>("GET", "/api/profile");
        assert.deepEqual(profile.body.tips, { enabled: false, percentPresets: [15, 18, 20] });
      });

      await t.step("refused with 400 while tips are off, and on cash or a check; nothing written", async () => {
        const untouched = await rowCounts(ctx.sql);
        const off = await pay({ method: "card", amountCents: 10000, reference: "4242", tipCents: 1500 });
        assert.equal(off.status, 400);
        assert.equal(off.body.message, "Tips are turned off in Settings");
        assert.deepEqual(await rowCounts(ctx.sql), untouched);
        const saved = await ctx.asAdmin("PUT", "/api/settings", {
          body: { tipsEnabled: true, tipPercentPresets: [20, 15, 25] },
        });
        assert.equal(saved.status, 200);
        const before = await rowCounts(ctx.sql);
        for (const method of ["cash", "check"]) {
          const res = await pay({ method, amountCents: 10000, reference: "1042", tipCents: 1500 });
          assert.equal(res.status, 400, method);
          assert.equal(res.body.message, "A tip is taken only with a card or online payment");
        }
        for (const tipCents of [-1, 1.5, "15"]) {
          assert.equal((await pay({ method: "card", amountCents: 100, reference: "4242", tipCents })).status, 400);
        }
        assert.deepEqual(await rowCounts(ctx.sql), before);
        const profile = await ctx.request<{ tips: unknown }>("GET", "/api/profile");
        assert.deepEqual(profile.body.tips, { enabled: true, percentPresets: [15, 20, 25] }, "sorted");
      });

      await t.step("a card payment's tip never reduces the balance", async () => {
        const res = await pay({ method: "card", amountCents: 20000, reference: "4242", tipCents: 3000 });
        assert.equal(res.status, 201, JSON.stringify(res.body));
        const after = res.body.data;
        assert.deepEqual([after.paidCents, after.balanceCents, after.status], [20000, 15820, "partially_paid"]);
        assert.deepEqual(
          after.payments.map((p) => [p.method, p.amountCents, p.tipCents]),
          [["card", 20000, 3000]],
        );
        // The tip is not an overpayment either: the rest of the balance is still exactly what may be paid.
        const over = await pay({ method: "cash", amountCents: 15821 });
        assert.equal(over.status, 409);
      });

      await t.step(
        "online: the tip is its own line of the Checkout Session, recorded apart from the balance",
        async () => {
          const refused = await ctx.request<ErrorBody>("POST", `/api/invoices/by-token/${invoice.token}/checkout`, {
            body: { tipCents: -5 },
          });
          assert.equal(refused.status, 400);
          const checkout = await ctx.request<{ url: string }>(
            "POST",
            `/api/invoices/by-token/${invoice.token}/checkout`,
            { body: { tipCents: 2400 } },
          );
          assert.equal(checkout.status, 200, JSON.stringify(checkout.body));
          const session = [...peer.sessions.values()].at(-1)!;
          assert.equal(session.amount_total, 15820 + 2400);
          assert.equal(session.metadata.tipCents, "2400");
          const event = peer.completedEvent(session, "evt_tip_1");
          const hook = await ctx.request("POST", "/api/webhooks/stripe", {
            rawBody: event,
            headers: { "Content-Type": "application/json", "Stripe-Signature": stripeSignature(event, WEBHOOK_SECRET) },
          });
          assert.equal(hook.status, 200);
          const paid = (await ctx.asAdmin<One>("GET", `/api/invoices/${invoice._id}`)).body.data;
          assert.deepEqual([paid.paidCents, paid.balanceCents, paid.status], [35820, 0, "paid"]);
          const online = paid.payments.find((p) => p.method === "online")!;
          assert.deepEqual([online.amountCents, online.tipCents], [15820, 2400]);
        },
      );

      await t.step("the reports: tips by the job's technician; payments.csv has the column", async () => {
        const day = (await ctx.asAdmin<One>("GET", `/api/invoices/${invoice._id}`)).body.data.payments[0]!.at;
        const month = day.slice(0, 7);
        const period = `from=${month}-01&to=${month}-28`;
        const summary = await ctx.asAdmin<ReportSummary>("GET", `/api/reports/summary?${period}`);
        assert.equal(summary.status, 200);
        assert.equal(summary.body.tipsCents, 5400);
        assert.deepEqual(summary.body.tipsByTechnician, [
          { technicianId: ann.member._id, name: "Ann Tech", tipsCents: 5400, payments: 2 },
        ]);
        assert.equal(summary.body.collectedCents, 35820, "tips are not collected on invoices");
        const res = await ctx.app.request(`/api/reports/payments.csv?${period}`, {
          headers: { Authorization: `Bearer ${ctx.adminToken}` },
        });
        const rows = (await res.text()).trimEnd().split("\r\n");
        assert.match(rows[0]!, /,Amount,Refunded,Tip,Recorded by$/);
        assert.ok(rows.some((r) => r.includes(",card,4242,200.00,0.00,30.00,Ann Tech")));
        assert.ok(rows.some((r) => r.includes(",online,") && r.includes(",158.20,0.00,24.00,Online")));
      });
    } finally {
      await ctx.close();
      await peer.close();
    }
  },
);
