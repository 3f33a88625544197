import assert from "node:assert/strict";
import type { DataEnvelope, ErrorBody } from "../../contracts/common/wire.ts";
import type { JoinOffer, Membership } from "../../contracts/plans/plan.ts";
import { danaAndSam } from "../../testing/estimates.ts";
import { rowCounts } from "../../testing/database.ts";
import { addClubPlan } from "../../testing/plans.ts";
import { signInCustomer } from "../../testing/portal.ts";
import { addStaff } from "../../testing/staff.ts";
import { stripeSignature } from "../../testing/stripe-peer.ts";
import { stripeTestContext } from "../../testing/stripe-context.ts";

const WEBHOOK_SECRET = "whsec_test_secret";

Deno.test("memberships: the customer joins a plan for their property from their own page, by card", async () => {
  const { stripe, ctx, close } = await stripeTestContext(WEBHOOK_SECRET);
  try {
    const plan = await addClubPlan(ctx);
    const archived = await addClubPlan(ctx);
    const { description, visits, priceCents, period, memberDiscountPercent } = archived;
    const archiving = await ctx.asAdmin("PUT", `/api/plans/${archived._id}`, {
      body: { name: "Old Club", description, visits, priceCents, period, memberDiscountPercent, active: false },
    });
    assert.equal(archiving.status, 200, JSON.stringify(archiving.body));
    const { dana, sam } = await danaAndSam(ctx, { smsConsent: true });
    const danaToken = await signInCustomer(ctx, dana.email);

    const samToken = await signInCustomer(ctx, sam.email);
    const ann = await addStaff(ctx, "Ann Tech");
    const join = (token: string | undefined, propertyId: string) =>
      ctx.request<DataEnvelope<Membership> & ErrorBody>("POST", "/api/portal/memberships", {
        token,
        body: { planId: plan._id, propertyId },
      });

    // Each new route refuses whoever may not call it; another customer's property is not found.
    {
      for (const [token, status] of [
        [undefined, 401],
        [ctx.adminToken, 403],
        [ann.token, 403],
      ] as const) {
        const offer = await ctx.request("GET", "/api/portal/memberships/offer", { token });
        assert.equal(offer.status, status);
        assert.equal((await join(token, dana.propertyId!)).status, status);
      }
      const before = await rowCounts(ctx.sql);
      const theirs = await join(samToken, dana.propertyId!);
      assert.equal(theirs.status, 404);
      assert.equal(theirs.body.message, "Property not found");
      const bad = await ctx.request<ErrorBody>("POST", "/api/portal/memberships", {
        token: danaToken,
        body: { planId: plan._id, propertyId: dana.propertyId, start: "2020-01-01" },
      });
      assert.equal(bad.status, 400, "the start is the server's to say");
      assert.deepEqual(await rowCounts(ctx.sql), before, "a refusal writes nothing");
    }

    // The offer: the plans on sale, the customer's properties without a membership, and card payment set up.
    const offer = await ctx.request<DataEnvelope<JoinOffer>>("GET", "/api/portal/memberships/offer", {
      token: danaToken,
    });
    assert.equal(offer.status, 200);
    assert.deepEqual(
      offer.body.data.plans.map((p) => [p.name, p.priceCents, p.memberDiscountPercent]),
      [["Clean Air Club", 1900, 15]],
    );
    assert.deepEqual(offer.body.data.properties, [
      { _id: dana.propertyId, address: "1200 East Blvd, Charlotte, NC 28203" },
    ]);
    assert.equal(offer.body.data.online, true);

    // Joining: pending, from today, a subscription-mode Checkout at the plan's price.
    const joined = await join(danaToken, dana.propertyId!);
    assert.equal(joined.status, 201, JSON.stringify(joined.body));
    const m = joined.body.data;
    assert.equal(m.status, "pending");
    assert.equal(m.start, "2026-03-02");
    assert.equal(m.payment, "card-link");
    const session = [...stripe.sessions.values()].at(-1)!;
    assert.equal(session.mode, "subscription");
    assert.equal(session.amount_total, 1900);
    assert.equal(m.checkoutUrl, `${stripe.origin}/pay/${session.id}`);
    assert.equal((await join(danaToken, dana.propertyId!)).status, 409, "one membership per property");

    // The card link goes by e-mail (and texts: api/features/texts/plan-link.test.ts).
    const mails = await ctx.sql<{ to_address: string }[]>`
      select to_address from outbox where kind = 'membership-join' and channel = 'mail'`;
    assert.deepEqual(
      mails.map((x) => x.to_address),
      [dana.email],
    );

    // Paid through Checkout: the plan is on their page, and the property is offered no more.
    const started = stripe.completedEvent(session);
    const hook = await ctx.request("POST", "/api/webhooks/stripe", {
      rawBody: started,
      headers: { "Content-Type": "application/json", "Stripe-Signature": stripeSignature(started, WEBHOOK_SECRET) },
    });
    assert.equal(hook.status, 200);
    const mine = await ctx.request<DataEnvelope<Membership[]>>("GET", "/api/portal/memberships", {
      token: danaToken,
    });
    assert.deepEqual(
      mine.body.data.map((x) => [x.plan.name, x.status]),
      [["Clean Air Club", "active"]],
    );
    const after = await ctx.request<DataEnvelope<JoinOffer>>("GET", "/api/portal/memberships/offer", {
      token: danaToken,
    });
    assert.deepEqual(after.body.data.properties, []);
  } finally {
    await close();
  }
});
