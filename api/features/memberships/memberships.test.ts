import assert from "node:assert/strict";
import type { DataEnvelope, ErrorBody } from "../../contracts/common/wire.ts";
import type { Invoice } from "../../contracts/invoices/invoice.ts";
import type { Membership, Plan } from "../../contracts/plans/plan.ts";
import { createTestContext } from "../../testing/context.ts";
import { newBooking } from "../../testing/estimates.ts";
import { signInCustomer } from "../../testing/portal.ts";
import { addStaff } from "../../testing/staff.ts";
import { startStripePeer, stripeEnv, stripeSignature } from "../../testing/stripe-peer.ts";

const WEBHOOK_SECRET = "whsec_test_secret";
const CLUB = {
  name: "Clean Air Club",
  description: "Dryer vent every year, HVAC tune-up twice a year, 15 % off any other work.",
  visits: [
    { serviceType: "dryer-vent-cleaning", units: 1, everyMonths: 12 },
    { serviceType: "air-duct-cleaning", units: 1, everyMonths: 6 },
  ],
  priceCents: 1900,
  period: "month",
  memberDiscountPercent: 15,
  active: true,
};

Deno.test("memberships: a plan sold by card link, paid, renewed, past due, cancelled; discount; roles", async (t) => {
  const peer = startStripePeer({ webhookSecret: WEBHOOK_SECRET });
  const ctx = await createTestContext({
    env: stripeEnv(peer, WEBHOOK_SECRET),
  });
  try {
    const ann = await addStaff(ctx, "Ann Tech");
    const bookingId = await newBooking(ctx);
    const booking = (await ctx.repos.bookings.get(bookingId))!;
    const customerId = booking.customerId!;
    const propertyId = booking.propertyId!;
    const customer = await signInCustomer(ctx, booking.email);
    const hook = (payload: string, signature = stripeSignature(payload, WEBHOOK_SECRET)) =>
      ctx.request<ErrorBody>("POST", "/api/webhooks/stripe", {
        rawBody: payload,
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      });
    const memberships = async () =>
      (await ctx.asAdmin<DataEnvelope<Membership[]>>("GET", `/api/customers/${customerId}/memberships`)).body.data;
    let plan: Plan;
    let membership: Membership;

    await t.step("each new route refuses every role that may not call it", async () => {
      const checks: [string, string, string | undefined, number][] = [
        ["GET", "/api/plans", undefined, 401],
        ["GET", "/api/plans", customer, 403],
        ["POST", "/api/plans", ann.token, 403],
        ["POST", "/api/plans", customer, 403],
        ["PUT", `/api/plans/${crypto.randomUUID()}`, ann.token, 403],
        ["GET", `/api/customers/${customerId}/memberships`, undefined, 401],
        ["GET", `/api/customers/${customerId}/memberships`, customer, 403],
        ["POST", `/api/customers/${customerId}/memberships`, ann.token, 403],
        ["POST", `/api/customers/${customerId}/memberships`, undefined, 401],
        ["POST", `/api/memberships/${crypto.randomUUID()}/cancel`, ann.token, 403],
        ["POST", `/api/memberships/${crypto.randomUUID()}/cancel`, customer, 403],
        ["GET", "/api/portal/memberships", undefined, 401],
        ["GET", "/api/portal/memberships", ann.token, 403],
        ["POST", `/api/portal/memberships/${crypto.randomUUID()}/cancel`, ctx.adminToken, 403],
      ];
      for (const [method, path, token, status] of checks) {
        const res = await ctx.request(method, path, { token, body: method === "GET" ? undefined : CLUB });
        assert.equal(res.status, status, `${method} ${path} as ${token ? token.slice(0, 6) : "nobody"}`);
      }
    });

    await t.step("the owner defines a plan; a bad one is refused with a clear message", async () => {
      const bad = await ctx.asAdmin<ErrorBody>("POST", "/api/plans", {
        body: { ...CLUB, visits: [{ serviceType: "no-such-service", units: 1, everyMonths: 12 }] },
      });
      assert.equal(bad.status, 400);
      assert.match(bad.body.message, /Unknown service/);
      const negative = await ctx.asAdmin<ErrorBody>("POST", "/api/plans", { body: { ...CLUB, priceCents: -1 } });
      assert.equal(negative.status, 400);
      const made = await ctx.asAdmin<DataEnvelope<Plan>>("POST", "/api/plans", { body: CLUB });
      assert.equal(made.status, 201, JSON.stringify(made.body));
      plan = made.body.data;
      const listed = await ctx.request<DataEnvelope<Plan[]>>("GET", "/api/plans", { token: ann.token });
      assert.deepEqual(
        listed.body.data.map((p) => [p.name, p.priceCents, p.memberDiscountPercent]),
        [["Clean Air Club", 1900, 15]],
      );
    });

    await t.step("enrolled by card link: pending, a subscription-mode Checkout e-mailed", async () => {
      const res = await ctx.asAdmin<DataEnvelope<Membership>>("POST", `/api/customers/${customerId}/memberships`, {
        body: { planId: plan._id, propertyId, start: "2026-03-02", payment: "card-link" },
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      membership = res.body.data;
      assert.equal(membership.status, "pending");
      const session = [...peer.sessions.values()].at(-1)!;
      assert.equal(session.mode, "subscription");
      assert.equal(session.interval, "month");
      assert.equal(session.amount_total, 1900);
      assert.equal(membership.checkoutUrl, `${peer.origin}/pay/${session.id}`);
      const [mail] = await ctx.sql<{ to_address: string; subject: string }[]>`
        select to_address, subject from outbox where kind = 'membership-join'`;
      assert.equal(mail?.to_address, booking.email);
      const again = await ctx.asAdmin("POST", `/api/customers/${customerId}/memberships`, {
        body: { planId: plan._id, propertyId, start: "2026-03-02", payment: "card-link" },
      });
      assert.equal(again.status, 409, "one membership per property");
    });

    await t.step("badly signed, old and replayed events are ignored; a completed Checkout starts it", async () => {
      const session = [...peer.sessions.values()].at(-1)!;
      const started = peer.completedEvent(session, "evt_sub_started");
      assert.equal((await hook(started, stripeSignature(started, "whsec_wrong"))).status, 400);
      const old = Math.floor(Date.now() / 1000) - 600;
      assert.equal((await hook(started, stripeSignature(started, WEBHOOK_SECRET, old))).status, 400);
      assert.equal((await memberships())[0]!.status, "pending", "nothing written by a refused event");
      assert.equal((await hook(started)).status, 200);
      assert.equal((await hook(started)).status, 200, "a replay answers and does nothing");
      const [m] = await memberships();
      assert.equal(m!.status, "active");
      assert.equal(m!.checkoutUrl, null);
      assert.deepEqual(m!.card, { brand: "visa", last4: "4242" }, "the card as the provider tells it");
      assert.equal(m!.history.filter((h) => h.status === "active").length, 1);
    });

    await t.step("two periods paid: two plan invoices numbered without a gap, each receipt e-mailed once", async () => {
      const sub = peer.subscriptionOf([...peer.sessions.values()].at(-1)!);
      const first = peer.invoicePaidEvent(sub.id, undefined, "evt_paid_1");
      assert.equal((await hook(first)).status, 200);
      assert.equal((await hook(first)).status, 200);
      // A booking's invoice between the two: the numbers are one sequence.
      const jobInvoice = await ctx.asAdmin<DataEnvelope<Invoice>>("POST", `/api/bookings/${bookingId}/invoice`);
      assert.equal(jobInvoice.status, 201);
      const next = { start: sub.current_period_end, end: sub.current_period_end + 30 * 86400 };
      assert.equal((await hook(peer.invoicePaidEvent(sub.id, next, "evt_paid_2"))).status, 200);
      const [m] = await memberships();
      assert.deepEqual(
        m!.invoices.map((i) => [i.number, i.amountCents, i.paidCents]),
        [
          ["INV-000001", 1900, 1900],
          ["INV-000003", 1900, 1900],
        ],
      );
      assert.equal(jobInvoice.body.data.number, "INV-000002");
      const receipts = await ctx.sql`select 1 from outbox where kind = 'membership-receipt'`;
      assert.equal(receipts.length, 2);
    });

    await t.step("the member discount is its own line on the property's invoice", async () => {
      const invoice = (await ctx.asAdmin<DataEnvelope<Invoice>>("POST", `/api/bookings/${bookingId}/invoice`)).body
        .data;
      // Two units of air duct cleaning at $199 less the 10 % quantity discount: $358.20, 15 % of it $53.73.
      assert.deepEqual(invoice.lines.at(-1), {
        description: "Clean Air Club member −15 %",
        quantity: 1,
        unitPriceCents: -5373,
        amountCents: -5373,
        taxable: true,
      });
      assert.equal(invoice.subtotalCents, 39800 - 3980 - 5373);
    });

    await t.step(
      "a failed renewal goes past due and e-mails a Billing Portal link; a payment brings it back",
      async () => {
        const sub = peer.subscriptionOf([...peer.sessions.values()].at(-1)!);
        assert.equal((await hook(peer.invoiceFailedEvent(sub.id, "evt_failed_1"))).status, 200);
        assert.equal((await memberships())[0]!.status, "past_due");
        assert.deepEqual(
          peer.portalSessions.map((p) => p.customer),
          [sub.customer],
        );
        const [mail] = await ctx.sql<{ text: string }[]>`
        select message->>'text' as text from outbox where kind = 'membership-past-due'`;
        assert.match(mail!.text, new RegExp(`${peer.origin}/portal/bps_test_`));
        const third = { start: sub.current_period_end + 30 * 86400, end: sub.current_period_end + 60 * 86400 };
        assert.equal((await hook(peer.invoicePaidEvent(sub.id, third, "evt_paid_3"))).status, 200);
        const [m] = await memberships();
        assert.equal(m!.status, "active");
        assert.equal(m!.invoices.at(-1)!.number, "INV-000004");
      },
    );

    await t.step("the customer sees the plan on their page and cancels at the end of the period", async () => {
      const mine = await ctx.request<DataEnvelope<Membership[]>>("GET", "/api/portal/memberships", { token: customer });
      assert.equal(mine.status, 200);
      assert.equal(mine.body.data[0]!.plan.name, "Clean Air Club");
      assert.ok(mine.body.data[0]!.nextVisits.length > 0, "the visits to come");
      assert.equal(JSON.stringify(mine.body).includes("sub_test"), false, "no provider id leaves the server");
      const cancelled = await ctx.request<DataEnvelope<Membership>>(
        "POST",
        `/api/portal/memberships/${membership._id}/cancel`,
        { token: customer },
      );
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
      assert.equal(cancelled.body.data.status, "cancelling");
      const sub = [...peer.subscriptions.values()].at(-1)!;
      assert.equal(sub.cancel_at_period_end, true, "cancel_at_period_end through the client");
      assert.equal((await hook(peer.subscriptionDeletedEvent(sub.id, "evt_deleted"))).status, 200);
      assert.equal((await memberships())[0]!.status, "ended");
      const discountGone = await ctx.repos.memberships.discountForBooking(bookingId);
      assert.equal(discountGone, null, "an ended membership gives no discount");
    });
  } finally {
    await ctx.close();
    await peer.close();
  }
});
