import assert from "node:assert/strict";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { Membership } from "../../contracts/plans/plan.ts";
import { danaAndSam } from "../../testing/estimates.ts";
import { addClubPlan } from "../../testing/plans.ts";
import { signInCustomer } from "../../testing/portal.ts";
import { startStripePeer, stripeEnv } from "../../testing/stripe-peer.ts";
import { textsContext, textsTest } from "./testing.ts";

const DANA_PHONE = "+17045550199";

textsTest("a plan's card link is texted beside its e-mail, only to a customer who agreed to texts", async () => {
  const stripe = startStripePeer({ webhookSecret: "whsec_test_secret" });
  const { ctx, peer, drain, close } = await textsContext({
    env: {
      ...stripeEnv(stripe, "whsec_test_secret"),
      BOOKING_LIMIT_PER_HOUR: "1000",
    },
  });
  try {
    const plan = await addClubPlan(ctx);
    const { dana, sam } = await danaAndSam(ctx, { smsConsent: true });

    // Dana joins from her own page; the office enrolls Sam, who never agreed to texts.
    const joined = await ctx.request<DataEnvelope<Membership>>("POST", "/api/portal/memberships", {
      token: await signInCustomer(ctx, dana.email),
      body: { planId: plan._id, propertyId: dana.propertyId },
    });
    assert.equal(joined.status, 201, JSON.stringify(joined.body));
    const enrolled = await ctx.asAdmin("POST", `/api/customers/${sam.customerId}/memberships`, {
      body: { planId: plan._id, propertyId: sam.propertyId, start: "2026-03-02", payment: "card-link" },
    });
    assert.equal(enrolled.status, 201, JSON.stringify(enrolled.body));
    await drain();
    const linkTexts = peer.texts.filter((x) => /pay by card to start your Clean Air Club membership/.test(x.body));
    assert.deepEqual(
      linkTexts.map((x) => x.to),
      [DANA_PHONE],
    );
    assert.match(linkTexts[0]!.body, /https:\/\/clearflow\.test\/t\/\w{8}/);
    // The short link leads to the Checkout page of Dana's membership.
    const code = /\/t\/(\w{8})/.exec(linkTexts[0]!.body)![1]!;
    const followed = await ctx.app.request(`/t/${code}`, { redirect: "manual" });
    assert.equal(followed.headers.get("Location"), joined.body.data.checkoutUrl);
    const mails = await ctx.sql<{ to_address: string }[]>`
      select to_address from outbox where kind = 'membership-join' and channel = 'mail' order by created_at`;
    assert.deepEqual(
      mails.map((x) => x.to_address),
      [dana.email, sam.email],
      "e-mailed to both",
    );
  } finally {
    await close();
    await stripe.close();
  }
});
