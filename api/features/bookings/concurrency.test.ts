import assert from "node:assert/strict";
import { MESSAGES } from "../../contracts/messages.ts";
import { createTestContext } from "../../testing/context.ts";
import { bookingBody } from "../../testing/fixtures.ts";
import { needsService, serviceUrl } from "../../testing/services.ts";

Deno.test("never overbooks: 20 concurrent bookings for one slot at capacity 2 create exactly 2", async () => {
  const ctx = await createTestContext();
  try {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx.request("POST", "/api/bookings", { body: bookingBody({ email: `racer${i}@example.com` }) }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    assert.deepEqual(statuses, [...Array(2).fill(201), ...Array(18).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      assert.deepEqual(refused.body, { message: MESSAGES.slotFull });
    }
    const [{ count }] = await ctx.sql<{ count: number }[]>`select count(*)::int as count from bookings`;
    assert.equal(count, 2);
  } finally {
    await ctx.close();
  }
});

// The embedded PGlite serializes everything on one connection; only a real server races transactions, so
// CI must have run the test above on TEST_DATABASE_URL.
Deno.test({
  name: "runs the overbooking race on real Postgres when CI is set",
  ignore: needsService("TEST_DATABASE_URL").ignore,
  fn() {
    assert.match(serviceUrl("TEST_DATABASE_URL"), /^postgres(ql)?:\/\//);
  },
});
