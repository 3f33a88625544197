import assert from "node:assert/strict";
import type { Availability } from "../../contracts/bookings/booking.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import type { ErrorBody } from "../../contracts/common/wire.ts";
import type { TestContext } from "../../testing/context.ts";
import { bookingBody } from "../../testing/fixtures.ts";
import { twoInstances } from "../../testing/instances.ts";
import { needsService, serviceUrl } from "../../testing/services.ts";

const redis = needsService("TEST_REDIS_URL");
const SUNDAY = "2026-03-08";

/** Asks until `read` gives `expected`: the invalidation travels through Redis, a few milliseconds. */
async function eventually<T>(read: () => Promise<T>, expected: T, what: string) {
  const deadline = Date.now() + 2000;
  let seen = await read();
  while (JSON.stringify(seen) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    seen = await read();
  }
  assert.deepEqual(seen, expected, what);
}

Deno.test({
  name: "settings: a change made on one instance is enforced by another (shared Postgres, Redis invalidation)",
  ignore: redis.ignore,
  async fn() {
    const { a, b, close } = await twoInstances(serviceUrl("TEST_REDIS_URL"));
    const reason = async (ctx: TestContext) =>
      (await ctx.request<Availability>("GET", `/api/availability?date=${SUNDAY}`)).body.closedReason;
    try {
      // Both instances hold the settings in memory before the change.
      assert.equal(await reason(a), null);
      assert.equal(await reason(b), null);
      const phoneOnB = async () => (await b.request<BusinessProfile>("GET", "/api/profile")).body.phone;
      assert.equal(await phoneOnB(), "(704) 555-0142");

      const res = await a.asAdmin("PUT", "/api/settings", {
        body: { hours: { sunday: null }, profile: { phone: "(704) 555-0100" } },
      });
      assert.equal(res.status, 200);

      await eventually(() => reason(b), "We're closed on Sundays", "B's availability follows A's change");
      const refused = await b.request<ErrorBody>("POST", "/api/bookings", {
        body: bookingBody({ cleaningDate: SUNDAY }),
      });
      assert.equal(refused.status, 422);
      assert.equal(refused.body.message, "We're closed on Sundays");
      await eventually(phoneOnB, "(704) 555-0100", "B's profile follows A's change");
    } finally {
      await close();
    }
  },
});
