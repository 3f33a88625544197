import assert from "node:assert/strict";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { Estimate } from "../../contracts/estimates/estimate.ts";
import type { Invoice } from "../../contracts/invoices/invoice.ts";
import { createTestContext } from "../../testing/context.ts";
import { addClubPlan } from "../../testing/plans.ts";
import { newBooking, priceBookByName, SIGNATURE } from "../../testing/estimates.ts";

Deno.test(
  "estimates: a member's property gets the plan's discount as its own line, counted once on the invoice",
  async (t) => {
    const ctx = await createTestContext({ env: { BOOKING_LIMIT_PER_HOUR: "1000" } });
    try {
      const book = await priceBookByName(ctx);
      const blower = book.get("Blower motor cleaning")!;
      const uv = book.get("UV light installation")!;
      const plan = await addClubPlan(ctx);
      const bookingId = await newBooking(ctx);
      const booking = (await ctx.repos.bookings.get(bookingId))!;
      const enrolled = await ctx.asAdmin("POST", `/api/customers/${booking.customerId}/memberships`, {
        body: { planId: plan._id, propertyId: booking.propertyId, start: "2026-03-02", payment: "invoice" },
      });
      assert.equal(enrolled.status, 201, JSON.stringify(enrolled.body));
      const options = (id: string) => ({
        bookingId: id,
        options: [
          { title: "Good", lines: [{ priceBookItemId: blower._id, quantity: 1 }] },
          {
            title: "Better",
            lines: [
              { priceBookItemId: blower._id, quantity: 1 },
              { priceBookItemId: uv._id, quantity: 1 },
              { serviceId: "dryer-vent-cleaning", quantity: 1 },
            ],
          },
        ],
      });
      let estimate: Estimate;

      await t.step("each option of a member's estimate carries the discount line, priced by the server", async () => {
        const res = await ctx.asAdmin<DataEnvelope<Estimate>>("POST", "/api/estimates", { body: options(bookingId) });
        assert.equal(res.status, 201, JSON.stringify(res.body));
        estimate = res.body.data;
        const [good, better] = estimate.options as [Estimate["options"][0], Estimate["options"][0]];
        // The blower alone: 15 % of $179.00 is $26.85, not taxable as the blower is not.
        assert.deepEqual(good.lines.at(-1), {
          description: "Clean Air Club member −15 %",
          quantity: 1,
          unitPriceCents: -2685,
          amountCents: -2685,
          taxable: false,
          memberDiscount: true,
        });
        assert.equal(good.subtotalCents, 17900 - 2685);
        const work = better.lines.slice(0, -1).reduce((sum, l) => sum + l.amountCents, 0);
        const discount = better.lines.at(-1)!;
        assert.equal(discount.description, "Clean Air Club member −15 %");
        assert.equal(discount.amountCents, -Math.round((work * 15) / 100));
        assert.equal(discount.taxable, true, "taxable when any line is (the service)");
        assert.equal(better.subtotalCents, work + discount.amountCents);
      });

      await t.step("approved and invoiced: the invoice's one member line counts the approved work once", async () => {
        const approved = await ctx.asAdmin(`POST`, `/api/estimates/${estimate._id}/approve`, {
          body: { optionId: estimate.options[1]!._id, signedBy: "Dana Whitfield", signature: SIGNATURE },
          headers: { "Idempotency-Key": crypto.randomUUID() },
        });
        assert.equal(approved.status, 200, JSON.stringify(approved.body));
        const invoice = await ctx.asAdmin<DataEnvelope<Invoice>>("POST", `/api/bookings/${bookingId}/invoice`);
        assert.equal(invoice.status, 201, JSON.stringify(invoice.body));
        const lines = invoice.body.data.lines;
        const members = lines.filter((l) => l.description.startsWith("Clean Air Club member"));
        assert.equal(members.length, 1, JSON.stringify(lines));
        const work = lines.filter((l) => l !== members[0]).reduce((sum, l) => sum + l.amountCents, 0);
        assert.equal(members[0]!.amountCents, -Math.round((work * 15) / 100));
        assert.equal(lines.at(-1), members[0], "the member line last");
      });

      await t.step("a property without a membership gets no discount line", async () => {
        const other = await newBooking(ctx, {
          email: "someone.else@example.com",
          homeAddress: "9 Other Rd",
          cleaningTime: "1:00 PM",
        });
        const res = await ctx.asAdmin<DataEnvelope<Estimate>>("POST", "/api/estimates", { body: options(other) });
        assert.equal(res.status, 201, JSON.stringify(res.body));
        assert.ok(res.body.data.options.every((o) => o.lines.every((l) => !l.memberDiscount)));
        assert.equal(res.body.data.options[0]!.subtotalCents, 17900);
      });
    } finally {
      await ctx.close();
    }
  },
);
