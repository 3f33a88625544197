import assert from "node:assert/strict";
import type { DataEnvelope, ErrorBody } from "../../contracts/common/wire.ts";
import type { Membership } from "../../contracts/plans/plan.ts";
import { rowCounts } from "../../testing/database.ts";
import { danaAndSam } from "../../testing/estimates.ts";
import { addClubPlan } from "../../testing/plans.ts";
import { signInCustomer } from "../../testing/portal.ts";
import { addStaff } from "../../testing/staff.ts";
import { stripeSignature } from "../../testing/stripe-peer.ts";
import { stripeTestContext } from "../../testing/stripe-context.ts";

const WEBHOOK_SECRET = "whsec_test_secret";

Deno.test(
  "a plan invoice paid online from the customer's page: the server's amount, theirs only, recorded once",
  async (t) => {
    const { stripe, ctx, close } = await stripeTestContext(WEBHOOK_SECRET);
    try {
      const plan = await addClubPlan(ctx);
      const enroll = async (booking: { customerId: string | null; propertyId: string | null }, payment: string) => {
        const res = await ctx.asAdmin<DataEnvelope<Membership>>(
          "POST",
          `/api/customers/${booking.customerId}/memberships`,
          { body: { planId: plan._id, propertyId: booking.propertyId, start: "2026-03-02", payment } },
        );
        assert.equal(res.status, 201, JSON.stringify(res.body));
        return res.body.data;
      };
      const { dana, sam } = await danaAndSam(ctx);

      const membership = await enroll(dana, "invoice");
      const invoice = membership.invoices[0]!;
      const danaToken = await signInCustomer(ctx, dana.email);
      const samToken = await signInCustomer(ctx, sam.email);
      const path = (m = membership._id, i = invoice._id) => `/api/portal/memberships/${m}/invoices/${i}/checkout`;
      const checkout = (token: string | undefined, p = path(), body?: unknown) =>
        ctx.request<DataEnvelope<{ url: string }> & ErrorBody>("POST", p, { token, body });
      const receipts = async () => (await ctx.sql`select 1 from outbox where kind = 'membership-receipt'`).length;
      const deliver = async (payload: string, signature = stripeSignature(payload, WEBHOOK_SECRET)) =>
        await ctx.request("POST", "/api/webhooks/stripe", {
          rawBody: payload,
          headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        });

      await t.step("the page says the open invoice can be paid by card", async () => {
        const mine = await ctx.request<DataEnvelope<Membership[]>>("GET", "/api/portal/memberships", {
          token: danaToken,
        });
        assert.equal(mine.status, 200);
        const [m] = mine.body.data;
        assert.equal(m!.payOnline, true);
        assert.deepEqual(
          m!.invoices.map((i) => [i.number, i.amountCents, i.paidCents]),
          [[invoice.number, 1900, 0]],
        );
      });

      await t.step("nobody else may open its checkout, and a refusal writes nothing", async () => {
        const tech = await addStaff(ctx, "Tina Tech");
        const before = await rowCounts(ctx.sql);
        const sessions = stripe.sessions.size;
        for (const [token, status] of [
          [undefined, 401],
          [ctx.adminToken, 403],
          [tech.token, 403],
        ] as const) {
          assert.equal((await checkout(token)).status, status);
        }
        const theirs = await checkout(samToken);
        assert.equal(theirs.status, 404, "another customer's invoice is not found");
        assert.equal(theirs.body.message, "Plan invoice not found");
        assert.equal((await checkout(danaToken, path(membership._id, crypto.randomUUID()))).status, 404);
        assert.equal((await checkout(danaToken, path("not-an-id", "nor-this"))).status, 404);
        assert.deepEqual(await rowCounts(ctx.sql), before);
        assert.equal(stripe.sessions.size, sessions, "no session was made");
      });

      await t.step("a card membership's invoices are the card's to pay", async () => {
        const card = await enroll(sam, "card-link");
        await ctx.sql`
          insert into plan_invoices (membership_id, number, seq, period_start, period_end, amount_cents, issued_at)
          values (${card._id}, 'INV-000901', 901, '2026-03-02', '2026-04-02', 1900, now())`;
        const [row] = await ctx.sql<{ id: string }[]>`select id from plan_invoices where number = 'INV-000901'`;
        const refused = await checkout(samToken, path(card._id, row!.id));
        assert.equal(refused.status, 409);
        assert.equal(
          refused.body.message,
          "This membership is paid by card: its invoices are paid through the card on file",
        );
      });

      let paidEvent = "";
      await t.step(
        "the customer pays what the server says; the webhook records it once, with its receipt",
        async () => {
          const opened = await checkout(danaToken, path(), { amountCents: 1 });
          assert.equal(opened.status, 200, JSON.stringify(opened.body));
          const session = [...stripe.sessions.values()].at(-1)!;
          assert.equal(opened.body.data.url, `${stripe.origin}/pay/${session.id}`);
          assert.equal(session.mode, "payment");
          assert.equal(session.amount_total, 1900, "the amount is the invoice's, whatever the body says");
          assert.equal(session.metadata.planInvoiceId, invoice._id);
          assert.equal(session.customer_email, dana.email);

          const forged = stripe.completedEvent(session);
          assert.equal((await deliver(forged, "t=1,v1=00")).status, 400, "a bad signature is refused");
          assert.equal(await receipts(), 0);

          paidEvent = stripe.completedEvent(session);
          assert.equal((await deliver(paidEvent)).status, 200);
          assert.equal((await deliver(paidEvent)).status, 200, "Stripe's retry");
          assert.equal((await deliver(stripe.completedEvent(session))).status, 200, "the same session, another event");

          const [row] = await ctx.sql<{ paid: string; intent: string; at: Date | null }[]>`
          select paid_cents::text as paid, payment_intent as intent, paid_at as at
          from plan_invoices where id = ${invoice._id}`;
          assert.deepEqual([row!.paid, row!.intent, row!.at !== null], ["1900", session.payment_intent, true]);
          assert.equal(await receipts(), 1, "one receipt");
          const [audit] = await ctx.sql<{ n: number }[]>`
          select count(*)::int as n from audit_log where entity_type = 'membership' and action = 'payment'
            and entity_id = ${membership._id}`;
          assert.equal(audit!.n, 1);
          const history = await ctx.asAdmin<DataEnvelope<Membership[]>>(
            "GET",
            `/api/customers/${dana.customerId}/memberships`,
          );
          assert.equal(
            history.body.data[0]!.history.at(-1)!.note,
            `Paid: ${invoice.number} (online, ${session.payment_intent})`,
          );
        },
      );

      await t.step("a paid invoice opens no checkout", async () => {
        const again = await checkout(danaToken);
        assert.equal(again.status, 409);
        assert.equal(again.body.message, "This plan invoice is paid already");
      });

      await t.step(
        "paid on site while the customer was at the checkout: kept once, the card's payment noted to refund",
        async () => {
          await ctx.sql`update memberships set status = 'past_due' where id = ${membership._id}`;
          const [next] = await ctx.sql<{ id: string }[]>`
          insert into plan_invoices (membership_id, number, seq, period_start, period_end, amount_cents, issued_at)
          values (${membership._id}, 'INV-000902', 902, '2026-04-02', '2026-05-02', 1900, now()) returning id`;
          assert.equal((await checkout(danaToken, path(membership._id, next!.id))).status, 200);
          const session = [...stripe.sessions.values()].at(-1)!;
          const cash = await ctx.asAdmin("POST", `/api/plan-invoices/${next!.id}/payments`, {
            body: { method: "cash" },
          });
          assert.equal(cash.status, 201, JSON.stringify(cash.body));
          const sent = await receipts();
          assert.equal((await deliver(stripe.completedEvent(session))).status, 200);
          assert.equal(await receipts(), sent, "no second receipt");
          const [row] = await ctx.sql<{ paid: string; intent: string }[]>`
          select paid_cents::text as paid, payment_intent as intent from plan_invoices where id = ${next!.id}`;
          assert.deepEqual([row!.paid, row!.intent], ["1900", ""], "the invoice keeps the cash payment");
          const after = await ctx.asAdmin<DataEnvelope<Membership[]>>(
            "GET",
            `/api/customers/${dana.customerId}/memberships`,
          );
          assert.equal(after.body.data[0]!.status, "active");
          assert.equal(
            after.body.data[0]!.history.at(-1)!.note,
            `Paid again online: INV-000902 ($19.00, ${session.payment_intent}), to refund`,
          );
        },
      );
    } finally {
      await close();
    }
  },
);
