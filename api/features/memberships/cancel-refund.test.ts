import assert from "node:assert/strict";
import type { DataEnvelope, ErrorBody } from "../../contracts/common/wire.ts";
import type { Membership } from "../../contracts/plans/plan.ts";
import type { ReportSummary } from "../../contracts/reports/reports.ts";
import { createTestContext } from "../../testing/context.ts";
import { addClubPlan } from "../../testing/plans.ts";
import { newBooking } from "../../testing/estimates.ts";
import { startStripePeer, stripeEnv, stripeSignature } from "../../testing/stripe-peer.ts";

const WEBHOOK_SECRET = "whsec_test_secret";
/** A visit day each (Tuesday 10 to Friday 13 March), away from the plan's visits, so that no slot fills. */
const day = (n: number) => `2026-03-1${n}`;
const seconds = (iso: string) => Date.parse(iso) / 1000;
// The test's clock is 2 March 2026: the 1st and the 2nd of the period are used, 29 of its 31 days are not.
const MARCH = { start: seconds("2026-03-01T00:00:00Z"), end: seconds("2026-04-01T00:00:00Z") };

Deno.test(
  "memberships: cancelled at once, the unused part of the period is refunded through Stripe, once",
  async (t) => {
    const peer = startStripePeer({ webhookSecret: WEBHOOK_SECRET });
    const ctx = await createTestContext({
      env: {
        ...stripeEnv(peer, WEBHOOK_SECRET),
        BOOKING_LIMIT_PER_HOUR: "1000",
      },
    });
    try {
      const hook = (payload: string) =>
        ctx.request<ErrorBody>("POST", "/api/webhooks/stripe", {
          rawBody: payload,
          headers: { "Content-Type": "application/json", "Stripe-Signature": stripeSignature(payload, WEBHOOK_SECRET) },
        });
      const plan = await addClubPlan(ctx);
      /** A member paying by card, its first period (March) paid; the membership and its subscription. */
      const cardMember = async (n: number) => {
        const booking = (await ctx.repos.bookings.get(
          await newBooking(ctx, {
            email: `member${n}@example.com`,
            homeAddress: `${n} Oak St`,
            cleaningDate: day(n),
          }),
        ))!;
        const made = await ctx.asAdmin<DataEnvelope<Membership>>(
          "POST",
          `/api/customers/${booking.customerId}/memberships`,
          { body: { planId: plan._id, propertyId: booking.propertyId, start: "2026-03-01", payment: "card-link" } },
        );
        assert.equal(made.status, 201, JSON.stringify(made.body));
        const session = [...peer.sessions.values()].at(-1)!;
        assert.equal((await hook(peer.completedEvent(session))).status, 200);
        const sub = peer.subscriptionOf(session);
        assert.equal((await hook(peer.invoicePaidEvent(sub.id, MARCH))).status, 200);
        return { membership: made.body.data, sub, customerId: booking.customerId! };
      };
      const cancelNow = (id: string) =>
        ctx.asAdmin<DataEnvelope<Membership>>("POST", `/api/memberships/${id}/cancel`, {
          body: { atPeriodEnd: false },
        });

      await t.step("the office cancels at once: ended, the subscription cancelled, 29/31 of $19.00 back", async () => {
        const { membership, sub } = await cardMember(1);
        const res = await cancelNow(membership._id);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        const m = res.body.data;
        assert.equal(m.status, "ended");
        assert.equal(peer.subscriptions.get(sub.id)!.status, "canceled");
        // 1900 × 29 ÷ 31 = 1777.4…: rounded down.
        assert.equal(peer.refunds.length, 1);
        assert.equal(peer.refunds[0]!.amount, 1777);
        assert.match(peer.refunds[0]!.payment_intent, /^pi_test_/, "the period's payment");
        assert.deepEqual(
          m.invoices.map((i) => [i.number, i.paidCents, i.refundedCents]),
          [["INV-000001", 1900, 1777]],
        );
        assert.equal(
          m.history.at(-1)!.note,
          "Cancelled at once: $17.77 refunded to the card (29 of 31 days unused, INV-000001)",
        );

        const again = await cancelNow(membership._id);
        assert.equal(again.status, 409, "an ended membership is not cancelled again");
        assert.equal((await hook(peer.subscriptionDeletedEvent(sub.id))).status, 200, "Stripe's deletion event after");
        assert.equal(peer.refunds.length, 1, "one refund");
      });

      await t.step("two cancels at once at the same time: one refund, recorded once", async () => {
        const { membership } = await cardMember(2);
        const before = peer.refunds.length;
        const answers = await Promise.all([cancelNow(membership._id), cancelNow(membership._id)]);
        assert.ok(
          answers.some((a) => a.status === 200),
          JSON.stringify(answers.map((a) => a.body)),
        );
        assert.ok(answers.every((a) => a.status === 200 || a.status === 409));
        assert.equal(peer.refunds.length, before + 1);
        const [row] = await ctx.sql<{ refunded: number }[]>`
        select refunded_cents::int as refunded from plan_invoices i join memberships m on m.id = i.membership_id
        where m.id = ${membership._id}`;
        assert.equal(row!.refunded, 1777);
      });

      await t.step("the month's plan refunds are in the reports, beside the plan invoices it collected", async () => {
        const [{ total }] = await ctx.sql<{ total: number }[]>`
          select coalesce(sum(refunded_cents), 0)::int as total from plan_invoices`;
        assert.ok(total >= 1777, "the refunds above were recorded");
        const res = await ctx.asAdmin<ReportSummary>("GET", "/api/reports/summary?from=2026-01-01&to=2026-01-31");
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.equal(res.body.memberships.recurringRefundedCents, total);
      });

      await t.step("at the end of the period, or billed by invoice and unpaid, nothing is refunded", async () => {
        const { membership } = await cardMember(3);
        const before = peer.refunds.length;
        const later = await ctx.asAdmin<DataEnvelope<Membership>>("POST", `/api/memberships/${membership._id}/cancel`, {
          body: { atPeriodEnd: true },
        });
        assert.equal(later.body.data.status, "cancelling");
        const booking = (await ctx.repos.bookings.get(
          await newBooking(ctx, { email: "invoice@example.com", homeAddress: "4 Elm St", cleaningDate: day(0) }),
        ))!;
        const byInvoice = await ctx.asAdmin<DataEnvelope<Membership>>(
          "POST",
          `/api/customers/${booking.customerId}/memberships`,
          { body: { planId: plan._id, propertyId: booking.propertyId, start: "2026-03-01", payment: "invoice" } },
        );
        const ended = await cancelNow(byInvoice.body.data._id);
        assert.equal(ended.body.data.status, "ended");
        assert.equal(ended.body.data.history.at(-1)!.note, "Cancelled at once");
        assert.equal(peer.refunds.length, before);
      });
    } finally {
      await ctx.close();
      await peer.close();
    }
  },
);
