import assert from "node:assert/strict";
import { MESSAGES } from "./contracts/common/messages.ts";
import { IMPOSSIBLE_DATES, IMPOSSIBLE_INSTANTS } from "./fuzz/hostile.ts";
import { memoryLogger } from "./testing/log.ts";
import { createTestContext } from "./testing/context.ts";
import { rowCounts } from "./testing/database.ts";
import { bookingBody } from "./testing/fixtures.ts";

Deno.test("since: the bookings lists refuse an impossible instant with 400 { message }, not 500", async () => {
  const ctx = await createTestContext();
  try {
    for (const path of ["/api/bookings", "/api/bookings/deleted"]) {
      for (const since of IMPOSSIBLE_INSTANTS) {
        const res = await ctx.asAdmin<{ message: string }>("GET", `${path}?since=${encodeURIComponent(since)}`);
        assert.equal(res.status, 400, `${path}?since=${since}: ${JSON.stringify(res.body)}`);
        assert.match(res.body.message, /since/);
      }
      for (const since of [
        "2026-03-02T15:00:00Z",
        "2024-02-29T23:59:59.123456Z",
        "2026-03-02T10:00:00-05:00",
        "2026-03-02T10:00:00+14:00",
        "2026-03-02 10:00:00+0530",
      ]) {
        const res = await ctx.asAdmin("GET", `${path}?since=${encodeURIComponent(since)}`);
        assert.equal(res.status, 200, `${path}?since=${since}: ${JSON.stringify(res.body)}`);
      }
    }
  } finally {
    await ctx.close();
  }
});

Deno.test("dates: booking, availability and reschedule refuse an impossible calendar date with 400", async () => {
  const ctx = await createTestContext();
  try {
    const created = await ctx.request<{ data: { _id: string } }>("POST", "/api/bookings", { body: bookingBody() });
    assert.equal(created.status, 201);
    const [{ token }] = await ctx.sql<{ token: string }[]>`select manage_token as token from bookings limit 1`;
    for (const date of IMPOSSIBLE_DATES) {
      const before = await rowCounts(ctx.sql);
      const booking = await ctx.request("POST", "/api/bookings", { body: bookingBody({ cleaningDate: date }) });
      assert.equal(booking.status, 400, `booking on ${date}`);
      const available = await ctx.request("GET", `/api/availability?date=${date}`);
      assert.equal(available.status, 400, `availability on ${date}`);
      const moved = await ctx.request("PUT", `/api/manage/${token}`, {
        body: { cleaningDate: date, cleaningTime: "10:00 AM" },
      });
      assert.equal(moved.status, 400, `reschedule to ${date}`);
      const edited = await ctx.asAdmin("PUT", `/api/bookings/${created.body.data._id}`, {
        body: { ...bookingBody({ cleaningDate: date }), status: "confirmed" },
      });
      assert.equal(edited.status, 400, `admin edit to ${date}`);
      assert.deepEqual(await rowCounts(ctx.sql), before);
    }
  } finally {
    await ctx.close();
  }
});

Deno.test("a Postgres data exception caused by a value answers 400 { message }, not 500", async () => {
  const log = memoryLogger();
  // Stands for a validation gap: a value reaches Postgres that it cannot read as its column's type.
  const ctx = await createTestContext({
    deps: (deps) => {
      const get = async (id: string) => {
        await deps.sql`select ${id}::int as n`;
        return null;
      };
      return { ...deps, log, repos: { ...deps.repos, services: { ...deps.repos.services, get } } };
    },
  });
  try {
    const res = await ctx.request("GET", "/api/services/not-a-number");
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, { message: MESSAGES.invalidInput });
    // Logged, so the gap in validation is seen and closed.
    assert.ok(log.lines.some((l) => l.msg === "database refused a value" && l.code === "22P02"));
  } finally {
    await ctx.close();
  }
});
