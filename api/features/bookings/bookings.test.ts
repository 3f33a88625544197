import assert from "node:assert/strict";
import type { JobDetails } from "../../contracts/visit/job.ts";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { Page } from "../../contracts/common/paging.ts";
import type { DataEnvelope, ErrorBody } from "../../contracts/common/wire.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { createTestContext } from "../../testing/context.ts";
import { rowCounts } from "../../testing/database.ts";
import { bookingBody } from "../../testing/fixtures.ts";

const UNKNOWN_UUID = "00000000-0000-4000-8000-000000000000";

Deno.test("bookings API", async (t) => {
  const ctx = await createTestContext();
  const book = (overrides = {}, headers: Record<string, string> = {}) =>
    ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body: bookingBody(overrides), headers });
  const clear = async () => {
    await ctx.sql`delete from bookings`;
    await ctx.sql`delete from idempotency_keys`;
    ctx.events.events.length = 0;
  };

  try {
    await t.step("creates a pending booking with the server's price and answers 201 { data }", async () => {
      const res = await book({ estimatedPrice: 1, originalPrice: 1, discountAmount: 0 });
      assert.equal(res.status, 201);
      const b = res.body.data;
      assert.match(b._id, /^[0-9a-f-]{36}$/);
      assert.equal(b.status, "pending");
      assert.equal(b.originalPrice, 398);
      assert.equal(b.discountAmount, 39.8);
      assert.equal(b.estimatedPrice, 358.2);
      assert.equal(b.cleaningDate, "2026-03-03");
      assert.equal(b.cleaningTime, "9:00 AM");
      assert.equal(b.version, 1);
      assert.equal(b.email, "dana.whitfield@example.com");
      assert.ok(!Number.isNaN(Date.parse(b.createdAt)) && b.createdAt.endsWith("Z"));
      assert.equal(b.updatedAt, b.createdAt);
    });

    await t.step("tells admins about the new booking with the same shape as a list row", async () => {
      const created = ctx.events.events.find((e) => e.event === "newBooking");
      assert.ok(created);
      const list = await ctx.asAdmin<Page<Booking>>("GET", "/api/bookings");
      assert.deepEqual(list.body.data[0], created.payload);
      await clear();
    });

    await t.step("defaults furnaceOrUnit to N/A and comment to empty", async () => {
      const body = bookingBody();
      delete (body as Record<string, unknown>).furnaceOrUnit;
      delete (body as Record<string, unknown>).comment;
      const res = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body });
      assert.equal(res.status, 201);
      assert.equal(res.body.data.furnaceOrUnit, "N/A");
      assert.equal(res.body.data.comment, "");
      await clear();
    });

    await t.step("refuses a Saturday with 422 and the SPEC's text, writing nothing", async () => {
      const before = await rowCounts(ctx.sql);
      const res = await book({ cleaningDate: "2026-03-07" });
      assert.equal(res.status, 422);
      assert.deepEqual(res.body, { message: MESSAGES.saturdayClosed });
      assert.deepEqual(await rowCounts(ctx.sql), before);
      assert.equal(ctx.events.events.length, 0);
    });

    await t.step("refuses today (lead time of one day) with 422", async () => {
      const res = await book({ cleaningDate: "2026-03-02" });
      assert.equal(res.status, 422);
      assert.deepEqual(res.body, { message: MESSAGES.tooSoon });
    });

    await t.step("refuses missing and invalid fields with 400 { message, issues }", async () => {
      const before = await rowCounts(ctx.sql);
      const res = await ctx.request<ErrorBody>("POST", "/api/bookings", {
        body: {
          ...bookingBody({ email: "not-an-email", unitCount: 11, cleaningTime: "6:00 AM", state: "XX" }),
          firstName: "",
        },
      });
      assert.equal(res.status, 400);
      const paths = res.body.issues!.map((i) => i.path).sort();
      assert.deepEqual(paths, ["cleaningTime", "email", "firstName", "state", "unitCount"]);
      assert.equal(typeof res.body.message, "string");
      assert.deepEqual(await rowCounts(ctx.sql), before);
    });

    await t.step("refuses an unknown service type and a date that is not YYYY-MM-DD with 400", async () => {
      assert.equal((await book({ serviceType: "window-washing" })).status, 400);
      assert.equal((await book({ cleaningDate: "03/03/2026" })).status, 400);
      assert.equal((await book({ cleaningDate: "2026-02-30" })).status, 400);
    });

    await t.step("refuses malformed JSON with 400", async () => {
      const res = await ctx.request<ErrorBody>("POST", "/api/bookings", {
        rawBody: '{"firstName": "Dana",',
        headers: { "Content-Type": "application/json" },
      });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, { message: MESSAGES.malformedJson });
    });

    await t.step("fills a slot at capacity 2 and answers 409 with the SPEC text for the third", async () => {
      assert.equal((await book()).status, 201);
      assert.equal((await book({ email: "second@example.com" })).status, 201);
      const before = await rowCounts(ctx.sql);
      const third = await book({ email: "third@example.com" });
      assert.equal(third.status, 409);
      assert.deepEqual(third.body, { message: MESSAGES.slotFull });
      assert.deepEqual(await rowCounts(ctx.sql), before);
      // Another hour of the same day is still free.
      assert.equal((await book({ cleaningTime: "10:00 AM" })).status, 201);
    });

    await t.step("frees a place when a booking in the slot is cancelled", async () => {
      const list = await ctx.asAdmin<Page<Booking>>("GET", "/api/bookings");
      const inSlot = list.body.data.filter((b) => b.cleaningTime === "9:00 AM");
      const res = await ctx.asAdmin("PUT", `/api/bookings/${inSlot[0]!._id}/status`, { body: { status: "cancelled" } });
      assert.equal(res.status, 200);
      assert.equal((await book({ email: "fourth@example.com" })).status, 201);
    });

    await t.step("refuses to take a cancelled booking back into a full slot", async () => {
      const list = await ctx.asAdmin<Page<Booking>>("GET", "/api/bookings");
      const cancelled = list.body.data.find((b) => b.status === "cancelled")!;
      const res = await ctx.asAdmin("PUT", `/api/bookings/${cancelled._id}/status`, { body: { status: "pending" } });
      assert.equal(res.status, 409);
      assert.deepEqual(res.body, { message: MESSAGES.slotFull });
      await clear();
    });

    await t.step("lists bookings for admins only, newest first", async () => {
      assert.equal((await ctx.request("GET", "/api/bookings")).status, 401);
      const first = (await book({ cleaningTime: "7:00 AM" })).body.data;
      ctx.clock.advance(1000);
      await new Promise((r) => setTimeout(r, 5));
      const second = (await book({ cleaningTime: "8:00 AM" })).body.data;
      const res = await ctx.asAdmin<Page<Booking>>("GET", "/api/bookings");
      assert.equal(res.status, 200);
      assert.deepEqual(
        res.body.data.map((b) => b._id),
        [second._id, first._id],
      );
    });

    await t.step("lists only bookings changed after ?since", async () => {
      const all = (await ctx.asAdmin<Page<Booking>>("GET", "/api/bookings")).body.data;
      const newest = all[0]!;
      const none = await ctx.asAdmin<Page<Booking>>(
        "GET",
        `/api/bookings?since=${encodeURIComponent(newest.updatedAt)}`,
      );
      assert.deepEqual(none.body, { data: [], nextCursor: null, total: 0, totalIsAtLeast: false });
      await new Promise((r) => setTimeout(r, 5));
      const older = all[1]!;
      await ctx.asAdmin("PUT", `/api/bookings/${older._id}/status`, { body: { status: "confirmed" } });
      const changed = await ctx.asAdmin<Page<Booking>>(
        "GET",
        `/api/bookings?since=${encodeURIComponent(newest.updatedAt)}`,
      );
      assert.deepEqual(
        changed.body.data.map((b) => b._id),
        [older._id],
      );
      assert.equal((await ctx.asAdmin("GET", "/api/bookings?since=yesterday")).status, 400);
    });

    await t.step("reads one booking by id; unknown and malformed ids are 404", async () => {
      const [one] = (await ctx.asAdmin<Page<Booking>>("GET", "/api/bookings")).body.data;
      const res = await ctx.asAdmin<JobDetails>("GET", `/api/bookings/${one!._id}`);
      assert.equal(res.status, 200);
      const { visit, notes, photos, signature, checklist, estimates, approvedWork, invoice, rating, ...booking } =
        res.body;
      assert.deepEqual(booking, one);
      assert.deepEqual(
        { estimates, approvedWork, invoice },
        { estimates: [], approvedWork: { totalCents: 0, items: [] }, invoice: null },
      );
      // Its service's checklist, nothing ticked yet.
      assert.ok(checklist.length > 0);
      assert.ok(checklist.every((item) => !item.done && item.at === null && item.by === null));
      // With the technician's visit, still to come, and no rating yet.
      assert.deepEqual(
        { visit, notes, photos, signature, rating },
        {
          visit: { stage: "scheduled", history: [], customerNotPresent: false },
          notes: [],
          photos: [],
          signature: null,
          rating: null,
        },
      );
      for (const id of [UNKNOWN_UUID, "not-a-uuid", "1", "00000000-0000-0000-0000-00000000000Z"]) {
        const missing = await ctx.asAdmin("GET", `/api/bookings/${id}`);
        assert.equal(missing.status, 404, id);
        assert.deepEqual(missing.body, { message: MESSAGES.bookingNotFound });
      }
      assert.equal((await ctx.request("GET", `/api/bookings/${one!._id}`)).status, 401);
    });

    await t.step("changes the status, raises the version and tells admins", async () => {
      await clear();
      const b = (await book()).body.data;
      const res = await ctx.asAdmin<DataEnvelope<Booking>>("PUT", `/api/bookings/${b._id}/status`, {
        body: { status: "completed" },
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.status, "completed");
      assert.equal(res.body.data.version, 2);
      assert.ok(res.body.data.updatedAt >= b.updatedAt);
      assert.deepEqual(ctx.events.events.at(-1), { event: "bookingUpdated", payload: res.body.data });
    });

    await t.step(
      "refuses a status update with an unknown status (400), without a token (401), unknown id (404)",
      async () => {
        const [b] = (await ctx.asAdmin<Page<Booking>>("GET", "/api/bookings")).body.data;
        assert.equal(
          (await ctx.asAdmin("PUT", `/api/bookings/${b!._id}/status`, { body: { status: "done" } })).status,
          400,
        );
        assert.equal(
          (await ctx.request("PUT", `/api/bookings/${b!._id}/status`, { body: { status: "pending" } })).status,
          401,
        );
        assert.equal(
          (await ctx.asAdmin("PUT", `/api/bookings/${UNKNOWN_UUID}/status`, { body: { status: "pending" } })).status,
          404,
        );
        assert.equal(
          (await ctx.asAdmin("PUT", `/api/bookings/nope/status`, { body: { status: "pending" } })).status,
          404,
        );
      },
    );

    await t.step("refuses a stale version with 409 and the staleVersion text", async () => {
      const [b] = (await ctx.asAdmin<Page<Booking>>("GET", "/api/bookings")).body.data;
      const res = await ctx.asAdmin("PUT", `/api/bookings/${b!._id}/status`, {
        body: { status: "pending", version: b!.version - 1 },
      });
      assert.equal(res.status, 409);
      assert.deepEqual(res.body, { message: MESSAGES.staleVersion });
      const ok = await ctx.asAdmin("PUT", `/api/bookings/${b!._id}/status`, {
        body: { status: "pending", version: b!.version },
      });
      assert.equal(ok.status, 200);
    });

    await t.step("edits a booking: recomputes the price and keeps an unchanged past date", async () => {
      await clear();
      const b = (await book()).body.data;
      // A week later the booking's own date is in the past; editing other fields must still work.
      ctx.clock.set("2026-03-10T15:00:00Z");
      const res = await ctx.asAdmin<DataEnvelope<Booking>>("PUT", `/api/bookings/${b._id}`, {
        body: { ...bookingBody({ unitCount: 3, estimatedPrice: 5, comment: "Changed" }), version: b.version },
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.unitCount, 3);
      assert.equal(res.body.data.estimatedPrice, 537.3);
      assert.equal(res.body.data.comment, "Changed");
      assert.equal(res.body.data.version, 2);
      assert.equal(res.body.data.status, "pending");
      assert.deepEqual(ctx.events.events.at(-1), { event: "bookingUpdated", payload: res.body.data });
    });

    await t.step("re-checks the date rules when an edit moves the booking", async () => {
      const [b] = (await ctx.asAdmin<Page<Booking>>("GET", "/api/bookings")).body.data;
      const saturday = await ctx.asAdmin("PUT", `/api/bookings/${b!._id}`, {
        body: bookingBody({ cleaningDate: "2026-03-14" }),
      });
      assert.equal(saturday.status, 422);
      assert.deepEqual(saturday.body, { message: MESSAGES.saturdayClosed });
      const past = await ctx.asAdmin("PUT", `/api/bookings/${b!._id}`, {
        body: bookingBody({ cleaningTime: "11:00 AM" }),
      });
      assert.equal(past.status, 422, "moving within a past day is refused too");
      const moved = await ctx.asAdmin<DataEnvelope<Booking>>("PUT", `/api/bookings/${b!._id}`, {
        body: { ...bookingBody({ cleaningDate: "2026-03-12", cleaningTime: "2:00 PM" }), status: "confirmed" },
      });
      assert.equal(moved.status, 200);
      assert.equal(moved.body.data.cleaningDate, "2026-03-12");
      assert.equal(moved.body.data.status, "confirmed");
    });

    await t.step("re-checks capacity when an edit moves the booking into a full slot", async () => {
      const [b] = (await ctx.asAdmin<Page<Booking>>("GET", "/api/bookings")).body.data;
      const slot = { cleaningDate: "2026-03-13", cleaningTime: "3:00 PM" };
      assert.equal((await book({ ...slot, email: "a@example.com" })).status, 201);
      assert.equal((await book({ ...slot, email: "b@example.com" })).status, 201);
      const before = await rowCounts(ctx.sql);
      const res = await ctx.asAdmin("PUT", `/api/bookings/${b!._id}`, { body: bookingBody(slot) });
      assert.equal(res.status, 409);
      assert.deepEqual(res.body, { message: MESSAGES.slotFull });
      const after = await ctx.asAdmin<Booking>("GET", `/api/bookings/${b!._id}`);
      assert.equal(after.body.cleaningDate, "2026-03-12", "the refused edit changed nothing");
      assert.deepEqual(await rowCounts(ctx.sql), before);
    });

    await t.step("an edit that keeps its own slot does not count itself against the capacity", async () => {
      const full = (await ctx.asAdmin<Page<Booking>>("GET", "/api/bookings")).body.data.find(
        (x) => x.email === "a@example.com",
      )!;
      const res = await ctx.asAdmin("PUT", `/api/bookings/${full._id}`, {
        body: bookingBody({
          cleaningDate: "2026-03-13",
          cleaningTime: "3:00 PM",
          email: "a@example.com",
          comment: "x",
        }),
      });
      assert.equal(res.status, 200);
    });

    await t.step("refuses an invalid edit with 400, no token with 401 and an unknown id with 404", async () => {
      const [b] = (await ctx.asAdmin<Page<Booking>>("GET", "/api/bookings")).body.data;
      assert.equal((await ctx.asAdmin("PUT", `/api/bookings/${b!._id}`, { body: { firstName: "Only" } })).status, 400);
      assert.equal((await ctx.request("PUT", `/api/bookings/${b!._id}`, { body: bookingBody() })).status, 401);
      assert.equal((await ctx.asAdmin("PUT", `/api/bookings/${UNKNOWN_UUID}`, { body: bookingBody() })).status, 404);
      const stale = await ctx.asAdmin("PUT", `/api/bookings/${b!._id}`, { body: { ...bookingBody(), version: 99 } });
      assert.equal(stale.status, 409);
    });

    await t.step("deletes a booking, answers { data: { _id } } and tells admins", async () => {
      const [b] = (await ctx.asAdmin<Page<Booking>>("GET", "/api/bookings")).body.data;
      assert.equal((await ctx.request("DELETE", `/api/bookings/${b!._id}`)).status, 401);
      const res = await ctx.asAdmin("DELETE", `/api/bookings/${b!._id}`);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { data: { _id: b!._id } });
      const event = ctx.events.events.at(-1)!;
      assert.equal(event.event, "bookingDeleted");
      assert.equal((event.payload as { _id: string })._id, b!._id);
      assert.equal((await ctx.asAdmin("GET", `/api/bookings/${b!._id}`)).status, 404);
      assert.equal((await ctx.asAdmin("DELETE", `/api/bookings/${b!._id}`)).status, 404);
      assert.equal((await ctx.asAdmin("DELETE", `/api/bookings/garbage`)).status, 404);
    });
  } finally {
    await ctx.close();
  }
});
