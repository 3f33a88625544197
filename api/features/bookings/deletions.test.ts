import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { Page } from "../../contracts/common/paging.ts";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { BookingDeleted } from "../../contracts/realtime/events.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { createTestContext } from "../../testing/context.ts";
import { bookingBody } from "../../testing/fixtures.ts";

/** GET /api/bookings/deleted: the deletions a dashboard missed while its socket was away. */
Deno.test("booking deletions for the dashboards' catch-up", async (t) => {
  const ctx = await createTestContext();
  const book = async (cleaningTime: string) =>
    (
      await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
        body: bookingBody({ cleaningTime }),
      })
    ).body.data;
  const remove = async (id: string): Promise<BookingDeleted> => {
    const res = await ctx.asAdmin("DELETE", `/api/bookings/${id}`);
    assert.equal(res.status, 200);
    const event = ctx.events.events.at(-1)!;
    assert.equal(event.event, "bookingDeleted");
    return event.payload as BookingDeleted;
  };
  const deletedSince = (since?: string) =>
    ctx.asAdmin<BookingDeleted[]>(
      "GET",
      since === undefined ? "/api/bookings/deleted" : `/api/bookings/deleted?since=${encodeURIComponent(since)}`,
    );
  const deletionRows = async () =>
    (await ctx.sql<{ n: number }[]>`select count(*)::int as n from booking_deletions`)[0]!.n;
  const ms = (iso: string) => Date.parse(iso);

  try {
    let first!: BookingDeleted;
    let second!: BookingDeleted;

    await t.step("answers the deletions after ?since, not those before, as { _id, updatedAt } arrays", async () => {
      const a = await book("7:00 AM");
      const b = await book("8:00 AM");
      first = await remove(a._id);
      // Distinct milliseconds for the two deletions (updatedAt is the database's clock, not the test clock).
      await new Promise((r) => setTimeout(r, 5));
      second = await remove(b._id);
      assert.ok(ms(second.updatedAt) > ms(first.updatedAt));

      const after = await deletedSince(first.updatedAt);
      assert.equal(after.status, 200);
      assert.deepEqual(after.body, [second], "the row is the bookingDeleted event's payload, to the millisecond");

      const both = await deletedSince(new Date(ms(first.updatedAt) - 1).toISOString());
      assert.deepEqual(both.body, [first, second], "oldest deletion first");
      assert.deepEqual((await deletedSince(second.updatedAt)).body, []);
    });

    await t.step("answers every kept deletion without ?since", async () => {
      const all = await deletedSince();
      assert.equal(all.status, 200);
      assert.deepEqual(all.body, [first, second]);
    });

    await t.step("GET /api/bookings?since= answers an empty page, without the deleted bookings", async () => {
      const list = await ctx.asAdmin<Page<Booking>>(
        "GET",
        `/api/bookings?since=${encodeURIComponent(first.updatedAt)}`,
      );
      assert.equal(list.status, 200);
      assert.deepEqual(list.body, { data: [], nextCursor: null, total: 0, totalIsAtLeast: false });
    });

    await t.step("answers 401 without a token, exactly like the other booking reads", async () => {
      const anonymous = await ctx.request("GET", "/api/bookings/deleted");
      const list = await ctx.request("GET", "/api/bookings");
      assert.equal(anonymous.status, 401);
      assert.deepEqual(anonymous.body, list.body);
      const badToken = await ctx.request("GET", "/api/bookings/deleted", { token: "not-a-token" });
      assert.equal(badToken.status, 401);
    });

    await t.step("answers 400 { message, issues } for a since that is not an ISO timestamp", async () => {
      for (const since of ["yesterday", "2026-13-01T00:00:00Z", "1700000000000"]) {
        const res = await deletedSince(since);
        assert.equal(res.status, 400, since);
        assert.deepEqual(res.body, {
          message: "since must be an ISO timestamp",
          issues: [{ path: "since", message: "since must be an ISO timestamp" }],
        });
      }
    });

    await t.step("a delete whose transaction fails keeps the booking and records no deletion", async () => {
      const failing = await createTestContext({
        db: ctx.db,
        deps: (deps) => ({
          ...deps,
          repos: {
            ...deps.repos,
            // The audit entry is written after the delete and its record, in the same transaction.
            audit: {
              ...deps.repos.audit,
              record: () => Promise.reject(new Error("audit log unavailable")),
            },
          },
        }),
      });
      const kept = await book("9:00 AM");
      const before = await deletionRows();
      const res = await failing.asAdmin("DELETE", `/api/bookings/${kept._id}`);
      assert.equal(res.status, 500);
      assert.equal(await deletionRows(), before);
      assert.equal((await ctx.asAdmin("GET", `/api/bookings/${kept._id}`)).status, 200);
      assert.equal(failing.events.events.length, 0, "no bookingDeleted event either");
    });

    await t.step("a delete of an unknown booking records no deletion", async () => {
      const before = await deletionRows();
      const res = await ctx.asAdmin("DELETE", "/api/bookings/00000000-0000-4000-8000-000000000000");
      assert.equal(res.status, 404);
      assert.deepEqual(res.body, { message: MESSAGES.bookingNotFound });
      assert.equal(await deletionRows(), before);
    });

    await t.step("a delete purges the deletion records older than the retention (30 days)", async () => {
      const old = "00000000-0000-4000-8000-00000000000a";
      const recent = "00000000-0000-4000-8000-00000000000b";
      await ctx.sql`
        insert into booking_deletions (booking_id, deleted_at) values
          (${old}, now() - interval '31 days'),
          (${recent}, now() - interval '29 days')`;
      const doomed = await book("10:00 AM");
      await remove(doomed._id);
      const ids = (await deletedSince()).body.map((d) => d._id);
      assert.ok(!ids.includes(old), "older than the retention: purged");
      assert.ok(ids.includes(recent), "within the retention: kept");
      assert.ok(ids.includes(doomed._id));
    });
  } finally {
    await ctx.close();
  }
});
