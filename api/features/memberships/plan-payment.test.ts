import assert from "node:assert/strict";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { Membership } from "../../contracts/plans/plan.ts";
import { createTestContext } from "../../testing/context.ts";
import { newBooking } from "../../testing/estimates.ts";
import { addClubPlan } from "../../testing/plans.ts";
import { addStaff } from "../../testing/staff.ts";

Deno.test(
  "a plan invoice paid on site: by cash or check, once, the receipt e-mailed, past due made good",
  async (t) => {
    const ctx = await createTestContext();
    try {
      const plan = await addClubPlan(ctx);
      const booking = (await ctx.repos.bookings.get(await newBooking(ctx)))!;
      const enroll = (payment: "invoice" | "card-link", propertyId = booking.propertyId) =>
        ctx.asAdmin<DataEnvelope<Membership>>("POST", `/api/customers/${booking.customerId}/memberships`, {
          body: { planId: plan._id, propertyId, start: "2026-03-02", payment },
        });
      const enrolled = await enroll("invoice");
      assert.equal(enrolled.status, 201, JSON.stringify(enrolled.body));
      const invoice = enrolled.body.data.invoices[0]!;
      const pay = (id: string, body: unknown, token?: string) =>
        token
          ? ctx.request<DataEnvelope<Membership> & { message: string }>("POST", `/api/plan-invoices/${id}/payments`, {
              body,
              token,
            })
          : ctx.asAdmin<DataEnvelope<Membership> & { message: string }>("POST", `/api/plan-invoices/${id}/payments`, {
              body,
            });
      const receipts = async () => (await ctx.sql`select 1 from outbox where kind = 'membership-receipt'`).length;

      await t.step("bad input is refused with its reason and writes nothing", async () => {
        const card = await pay(invoice._id, { method: "card" });
        assert.equal(card.status, 400);
        assert.equal(card.body.message, 'Method must be "cash" or "check"');
        const unknown = await pay(crypto.randomUUID(), { method: "cash" });
        assert.equal(unknown.status, 404);
        assert.equal(unknown.body.message, "Plan invoice not found");
        assert.equal((await pay("not-an-id", { method: "cash" })).status, 404);
        const tech = await addStaff(ctx, "Tina Tech");
        assert.equal((await pay(invoice._id, { method: "cash" }, tech.token)).status, 403);
        const [row] = await ctx.sql<{ paid: string }[]>`
        select paid_cents::text as paid from plan_invoices where id = ${invoice._id}`;
        assert.equal(row!.paid, "0");
        assert.equal(await receipts(), 0);
      });

      await t.step("paid by check: the whole invoice, its history, its receipt", async () => {
        const paid = await pay(invoice._id, { method: "check", reference: "No. 1042" });
        assert.equal(paid.status, 201, JSON.stringify(paid.body));
        const after = paid.body.data.invoices[0]!;
        assert.equal(after.paidCents, invoice.amountCents);
        assert.ok(after.paidAt);
        assert.equal(paid.body.data.history.at(-1)!.note, `Paid: ${invoice.number} (check, No. 1042)`);
        assert.equal(await receipts(), 1);
      });

      await t.step("sent twice, recorded once: the second is refused and sends no second receipt", async () => {
        const again = await pay(invoice._id, { method: "check", reference: "No. 1042" });
        assert.equal(again.status, 409);
        assert.equal(again.body.message, "This plan invoice is paid already");
        assert.equal(await receipts(), 1);
        const [audit] = await ctx.sql<{ n: number }[]>`
        select count(*)::int as n from audit_log where entity_type = 'membership' and action = 'payment'`;
        assert.equal(audit!.n, 1);
      });

      await t.step("a past-due membership billed by invoice is active again once paid", async () => {
        const m = enrolled.body.data;
        await ctx.sql`update memberships set status = 'past_due' where id = ${m._id}`;
        const [next] = await ctx.sql<{ id: string }[]>`
        insert into plan_invoices (membership_id, number, seq, period_start, period_end, amount_cents, issued_at)
        values (${m._id}, 'INV-000900', 900, '2026-04-02', '2026-05-02', 1900, now()) returning id`;
        const paid = await pay(next!.id, { method: "cash" });
        assert.equal(paid.status, 201, JSON.stringify(paid.body));
        assert.equal(paid.body.data.status, "active");
        assert.equal(paid.body.data.history.at(-1)!.note, "Paid: INV-000900 (cash)");
      });
    } finally {
      await ctx.close();
    }
  },
);
