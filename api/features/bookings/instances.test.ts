import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { DataEnvelope, ErrorBody } from "../../contracts/common/wire.ts";
import type { Service } from "../../contracts/services/service.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { waitUntil } from "../../outbox/testing.ts";
import type { TestContext } from "../../testing/context.ts";
import { bookingBody, serviceBody } from "../../testing/fixtures.ts";
import { twoInstances } from "../../testing/instances.ts";
import { needsService, serviceUrl } from "../../testing/services.ts";

const redis = needsService("TEST_REDIS_URL");

// A new booking is priced from the services list each instance keeps in memory (decision 0045): a change made on
// one instance must reach the bookings of another, as it reaches its list.
Deno.test({
  name: "bookings: a service repriced or deleted on one instance prices or refuses the next booking on another",
  ignore: redis.ignore,
  async fn() {
    const { a, b, close } = await twoInstances(serviceUrl("TEST_REDIS_URL"));
    const book = (ctx: TestContext, cleaningTime: string) =>
      ctx.request<DataEnvelope<Booking> & ErrorBody>("POST", "/api/bookings", {
        body: bookingBody({ serviceType: "attic-fans", unitCount: 1, cleaningTime }),
      });
    const listedPrice = async (ctx: TestContext) =>
      (await ctx.request<Service[]>("GET", "/api/services")).body.find((s) => s._id === "attic-fans")?.price ?? null;
    try {
      const created = await a.asAdmin<DataEnvelope<Service>>("POST", "/api/services", {
        body: serviceBody({ title: "Attic Fans", price: 80 }),
      });
      assert.equal(created.status, 201);
      await waitUntil("B to list the new service", async () => (await listedPrice(b)) === 80, 2000);
      const before = await book(b, "9:00 AM");
      assert.equal(before.status, 201, JSON.stringify(before.body));
      assert.equal(before.body.data.estimatedPrice, 80);

      const repriced = await a.asAdmin("PUT", "/api/services/attic-fans", {
        body: serviceBody({ title: "Attic Fans", price: 95 }),
      });
      assert.equal(repriced.status, 200);
      await waitUntil("B to list the new price", async () => (await listedPrice(b)) === 95, 2000);
      const after = await book(b, "10:00 AM");
      assert.equal(after.body.data.estimatedPrice, 95, "B's next booking pays the new price");
      assert.equal(before.body.data.estimatedPrice, 80);

      assert.equal((await a.asAdmin("DELETE", "/api/services/attic-fans")).status, 200);
      await waitUntil("B to drop the service", async () => (await listedPrice(b)) === null, 2000);
      const refused = await book(b, "11:00 AM");
      assert.equal(refused.status, 400);
      assert.equal(refused.body.message, MESSAGES.unknownService);
    } finally {
      await close();
    }
  },
});
