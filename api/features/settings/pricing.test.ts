import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { DataEnvelope, ErrorBody } from "../../contracts/common/wire.ts";
import type { Service } from "../../contracts/services/service.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { createTestContext } from "../../testing/context.ts";
import { bookingBody, serviceBody } from "../../testing/fixtures.ts";

Deno.test("prices: a service added through the API is booked at its price and the settings' tiers", async (t) => {
  const ctx = await createTestContext();
  const book = (overrides: Record<string, unknown>) =>
    ctx.request<DataEnvelope<Booking> & ErrorBody>("POST", "/api/bookings", { body: bookingBody(overrides) });
  try {
    let serviceId = "";
    await t.step("POST /api/services takes a price with at most 2 decimals, more than $0", async () => {
      for (const price of [0, -5, 12.345, "99"]) {
        const res = await ctx.asAdmin("POST", "/api/services", { body: { ...serviceBody(), price } });
        assert.equal(res.status, 400, `price ${price}`);
      }
      const res = await ctx.asAdmin<DataEnvelope<Service>>("POST", "/api/services", {
        body: serviceBody({ title: "Attic Insulation", price: 120.5 }),
      });
      assert.equal(res.status, 201);
      serviceId = res.body.data._id;
      assert.equal(serviceId, "attic-insulation");
      assert.equal(res.body.data.price, 120.5);
    });

    await t.step("the new service is booked and priced with the default tiers (10% from 2 units)", async () => {
      const res = await book({ serviceType: serviceId, unitCount: 3 });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.equal(res.body.data.serviceType, serviceId);
      assert.equal(res.body.data.originalPrice, 361.5);
      assert.equal(res.body.data.discountAmount, 36.15);
      assert.equal(res.body.data.estimatedPrice, 325.35);
    });

    let earlier: Booking;
    await t.step("tiers from the settings: the highest tier reached applies", async () => {
      const put = await ctx.asAdmin("PUT", "/api/settings", {
        body: {
          discountTiers: [
            { minUnits: 4, percent: 20 },
            { minUnits: 2, percent: 5 },
          ],
        },
      });
      assert.equal(put.status, 200);
      const one = await book({ serviceType: serviceId, unitCount: 1, cleaningTime: "10:00 AM" });
      assert.equal(one.body.data.estimatedPrice, 120.5);
      const two = await book({ serviceType: serviceId, unitCount: 2, cleaningTime: "11:00 AM" });
      assert.equal(two.body.data.discountAmount, 12.05);
      assert.equal(two.body.data.estimatedPrice, 228.95);
      const five = await book({ serviceType: serviceId, unitCount: 5, cleaningTime: "12:00 PM" });
      assert.equal(five.body.data.originalPrice, 602.5);
      assert.equal(five.body.data.estimatedPrice, 482);
      // A seeded service is priced from its stored price too.
      const seeded = await book({ serviceType: "dryer-vent-cleaning", unitCount: 4, cleaningTime: "1:00 PM" });
      assert.equal(seeded.body.data.estimatedPrice, 316.8);
      earlier = two.body.data;
    });

    await t.step("a booking keeps the price it was made at when the price changes later", async () => {
      const res = await ctx.asAdmin("PUT", `/api/services/${serviceId}`, {
        body: serviceBody({ title: "Attic Insulation", price: 200 }),
      });
      assert.equal(res.status, 200);
      await ctx.asAdmin("PUT", "/api/settings", { body: { discountTiers: [] } });
      const status = await ctx.asAdmin<DataEnvelope<Booking>>("PUT", `/api/bookings/${earlier._id}/status`, {
        body: { status: "confirmed" },
      });
      assert.equal(status.body.data.estimatedPrice, 228.95);
      // An admin edit that keeps service and units keeps the price; another unit count is priced anew.
      const fields = { ...bookingBody({ serviceType: serviceId, unitCount: 2, cleaningTime: "11:00 AM" }) };
      const same = await ctx.asAdmin<DataEnvelope<Booking>>("PUT", `/api/bookings/${earlier._id}`, {
        body: { ...fields, comment: "Ladder needed" },
      });
      assert.equal(same.status, 200);
      assert.equal(same.body.data.estimatedPrice, 228.95);
      const more = await ctx.asAdmin<DataEnvelope<Booking>>("PUT", `/api/bookings/${earlier._id}`, {
        body: { ...fields, unitCount: 3 },
      });
      assert.equal(more.body.data.estimatedPrice, 600);
      const again = await book({ serviceType: serviceId, unitCount: 2, cleaningTime: "2:00 PM" });
      assert.equal(again.body.data.estimatedPrice, 400, "new bookings pay the new price");
    });

    await t.step("an unknown or deleted service cannot be booked (400)", async () => {
      assert.equal((await ctx.asAdmin("DELETE", `/api/services/${serviceId}`)).status, 200);
      for (const serviceType of [serviceId, "window-washing"]) {
        const res = await book({ serviceType, cleaningTime: "3:00 PM" });
        assert.equal(res.status, 400);
        assert.equal(res.body.message, MESSAGES.unknownService);
      }
    });
  } finally {
    await ctx.close();
  }
});
