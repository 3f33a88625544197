import assert from "node:assert/strict";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { Estimate } from "../../contracts/estimates/estimate.ts";
import { createTestContext } from "../../testing/context.ts";
import { newBooking, priceBookByName } from "../../testing/estimates.ts";
import { addStaff, assignJob } from "../../testing/staff.ts";

Deno.test(
  "estimate numbers: 20 concurrent creations, some refused, are numbered in sequence without a gap",
  async () => {
    const ctx = await createTestContext();
    try {
      const tech = await addStaff(ctx, "Ann Tech");
      const bookings = [await newBooking(ctx), await newBooking(ctx, { cleaningTime: "10:00 AM" })];
      await assignJob(ctx, bookings[0]!, tech.member._id);
      const guard = (await priceBookByName(ctx)).get("Bird guard")!;
      const attempts = Array.from({ length: 20 }, (_, i) => {
        const refused = i % 5 === 2;
        const line = refused
          ? { description: "By hand", quantity: 1, unitPriceCents: 100 }
          : { priceBookItemId: guard._id, quantity: 1 + i };
        return ctx.request<DataEnvelope<Estimate>>("POST", "/api/estimates", {
          // The technician's custom lines are refused; the office's creations go on at the same time.
          token: i % 2 === 0 ? tech.token : ctx.adminToken,
          body: { bookingId: bookings[i % 2 === 0 ? 0 : 1], options: [{ title: `Option ${i}`, lines: [line] }] },
        });
      });
      const answers = await Promise.all(attempts);
      const made = answers.filter((a) => a.status === 201).map((a) => a.body.data);
      const refused = answers.filter((a) => a.status === 403);
      assert.equal(refused.length, 2, "the technician's two custom lines");
      assert.equal(made.length, 18);
      assert.deepEqual(
        made.map((e) => e.number).sort((a, b) => Number(a.slice(2)) - Number(b.slice(2))),
        Array.from({ length: 18 }, (_, i) => `E-${1001 + i}`),
      );
      const [{ last }] = await ctx.sql<{ last: string }[]>`
      select last_number::text as last from document_counters where kind = 'estimate'`;
      assert.equal(last, "1018", "the counter stands at the last number given");
    } finally {
      await ctx.close();
    }
  },
);
