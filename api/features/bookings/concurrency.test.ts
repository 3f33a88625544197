import assert from "node:assert/strict";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { createTestContext } from "../../testing/context.ts";
import { bookingBody } from "../../testing/fixtures.ts";
import { IN_CI } from "../../testing/services.ts";

Deno.test("never overbooks: 20 concurrent bookings for one slot at capacity 2 create exactly 2", async () => {
  const ctx = await createTestContext();
  try {
    // PGlite serializes everything on one connection, so only a real server races the transactions: in CI
    // this test must run on TEST_DATABASE_URL, not pass quietly on PGlite.
    assert.ok(!IN_CI || ctx.db.kind === "postgres", "CI=true: set TEST_DATABASE_URL to race on real Postgres");
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
