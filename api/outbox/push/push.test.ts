import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { PushPayload } from "../../contracts/outbox/push.ts";
import { startOutboxWorker } from "../worker.ts";
import { memoryTransport, waitUntil } from "../testing.ts";
import { createTestContext } from "../../testing/context.ts";
import { bookingBody } from "../../testing/fixtures.ts";
import { silentLogger } from "../../testing/log.ts";
import { testDevice, startPushReceiver, verifyVapid } from "../../testing/push-receiver.ts";
import { addStaff, assignJob } from "../../testing/staff.ts";
import { vapidKeysOf } from "./repo.ts";
import { createPushSender } from "./sender.ts";

Deno.test("web push: staff devices subscribe, and hear of new bookings and their own jobs", async (t) => {
  const receiver = startPushReceiver();
  const ctx = await createTestContext({ env: { PUSH_ENDPOINT_ORIGINS: receiver.origin } });
  const keys = vapidKeysOf(null, ctx.repos.push);
  const worker = startOutboxWorker({
    sql: ctx.sql,
    composer: ctx.outbox.composer,
    transport: memoryTransport(),
    push: createPushSender({
      repo: ctx.repos.push,
      keys,
      subject: "mailto:owner@example.com",
      endpointOrigins: ctx.config.push.endpointOrigins,
      log: silentLogger,
    }),
    log: silentLogger,
    pollMs: 20,
    maxAttempts: 3,
  });
  const office = testDevice(`${receiver.origin}/office-tablet`);
  const pushRows = (status: string) =>
    ctx.sql<{ kind: string; last_error: string | null }[]>`
      select kind, last_error from outbox where channel = 'push' and status = ${status} order by seq`;
  const received = (path: string) => receiver.received.filter((r) => r.path === path);

  try {
    await t.step("GET /api/push/key answers one P-256 key, the same on every call; staff only", async () => {
      const first = await ctx.asAdmin<{ key: string }>("GET", "/api/push/key");
      assert.equal(first.status, 200);
      assert.match(first.body.key, /^[A-Za-z0-9_-]{87}$/);
      assert.equal((await ctx.asAdmin<{ key: string }>("GET", "/api/push/key")).body.key, first.body.key);
      assert.equal((await ctx.request("GET", "/api/push/key")).status, 401);
    });

    await t.step("refuses endpoints off the allowed push services with 400, and strangers with 401", async () => {
      const refused = [
        "http://10.0.0.7/push",
        "https://169.254.169.254/latest/meta-data",
        "http://127.0.0.1:6379/",
        "https://fcm.googleapis.com/fcm/send/x",
        `${receiver.origin.replace("127.0.0.1", "localhost")}/x`,
        "file:///etc/passwd",
      ];
      for (const endpoint of refused) {
        const res = await ctx.asAdmin<{ message: string }>("POST", "/api/push/subscriptions", {
          body: { ...office.json, endpoint },
        });
        assert.equal(res.status, 400, endpoint);
        assert.ok(res.body.message, endpoint);
      }
      const bad = await ctx.asAdmin("POST", "/api/push/subscriptions", {
        body: { endpoint: office.endpoint, keys: { p256dh: "short", auth: "x" } },
      });
      assert.equal(bad.status, 400);
      assert.equal((await ctx.request("POST", "/api/push/subscriptions", { body: office.json })).status, 401);
      assert.equal((await ctx.request("DELETE", "/api/push/subscriptions", { body: office.json })).status, 401);
      const [{ count }] = await ctx.sql<{ count: number }[]>`select count(*)::int as count from push_subscriptions`;
      assert.equal(count, 0);
    });

    let booking: Booking;
    await t.step("a new booking reaches the office's device: encrypted for it, signed with the VAPID key", async () => {
      const subscribed = await ctx.asAdmin("POST", "/api/push/subscriptions", { body: office.json });
      assert.equal(subscribed.status, 201);
      const created = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body: bookingBody() });
      assert.equal(created.status, 201);
      booking = created.body.data;
      worker.wake();
      await waitUntil("the push to arrive", () => received("/office-tablet").length === 1);
      const push = received("/office-tablet")[0]!;
      assert.equal(push.headers.get("content-encoding"), "aes128gcm");
      assert.ok(Number(push.headers.get("ttl")) > 0);
      const vapid = await verifyVapid(push.headers.get("authorization")!, receiver.origin);
      assert.equal(vapid.key, (await keys()).publicKey);
      assert.equal(vapid.claims.sub, "mailto:owner@example.com");
      const payload = JSON.parse(office.decrypt(push.body)) as PushPayload;
      assert.deepEqual(payload, {
        title: "New booking",
        body: "Air Duct Cleaning, Tue Mar 3, 9:00 AM — Dana W.",
        url: `/dashboard?booking=${booking._id}`,
        tag: `booking-${booking._id}`,
      });
      const plain = office.decrypt(push.body);
      for (const secret of ["dana.whitfield@example.com", "555-0199", "East Blvd", "28203"]) {
        assert.ok(!plain.includes(secret), `the payload does not carry ${secret}`);
      }
      await waitUntil("the row to be sent", async () => (await pushRows("sent")).length === 1);
    });

    await t.step("a technician hears of their own job only; the office of new bookings only", async () => {
      const tech = await addStaff(ctx, "Marco Diaz");
      const other = await addStaff(ctx, "Lena Park");
      const tablet = testDevice(`${receiver.origin}/marco-tablet`);
      const otherTablet = testDevice(`${receiver.origin}/lena-tablet`);
      assert.equal(
        (await ctx.request("POST", "/api/push/subscriptions", { token: tech.token, body: tablet.json })).status,
        201,
      );
      await ctx.request("POST", "/api/push/subscriptions", { token: other.token, body: otherTablet.json });
      await assignJob(ctx, booking._id, tech.member._id);
      worker.wake();
      await waitUntil("the job push to arrive", () => received("/marco-tablet").length === 1);
      const payload = JSON.parse(tablet.decrypt(received("/marco-tablet")[0]!.body)) as PushPayload;
      assert.equal(payload.title, "New job");
      assert.equal(payload.url, `/jobs/${booking._id}`);

      const cancelled = await ctx.asAdmin("PUT", `/api/bookings/${booking._id}/status`, {
        body: { status: "cancelled" },
      });
      assert.equal(cancelled.status, 200);
      worker.wake();
      await waitUntil("the cancellation push", () => received("/marco-tablet").length === 2);
      assert.equal(JSON.parse(tablet.decrypt(received("/marco-tablet")[1]!.body)).title, "Job cancelled");
      assert.equal(received("/lena-tablet").length, 0, "another technician hears nothing of it");
      assert.equal(received("/office-tablet").length, 1, "the office is not told of its own changes");

      const unsubscribed = await ctx.request("DELETE", "/api/push/subscriptions", {
        token: other.token,
        body: { endpoint: tablet.endpoint },
      });
      assert.equal(unsubscribed.status, 204);
      const [{ count }] = await ctx.sql<{ count: number }[]>`
        select count(*)::int as count from push_subscriptions where endpoint = ${tablet.endpoint}`;
      assert.equal(count, 1, "nobody removes another person's device");
    });

    await t.step(
      "a last name that opens with a letter outside the BMP books, and its initial arrives whole",
      async () => {
        const before = received("/office-tablet").length;
        const created = await ctx.request("POST", "/api/bookings", {
          body: bookingBody({ lastName: "𐐀ster", email: "astral@example.com", cleaningTime: "11:00 AM" }),
        });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        worker.wake();
        await waitUntil("the push to arrive", () => received("/office-tablet").length === before + 1);
        const payload = JSON.parse(office.decrypt(received("/office-tablet")[before]!.body)) as PushPayload;
        assert.match(payload.body, /— Dana 𐐀\.$/);
      },
    );

    await t.step("a device the push service answers 410 for is deleted, and its row skipped", async () => {
      receiver.answer(410);
      const before = received("/office-tablet").length;
      const created = await ctx.request("POST", "/api/bookings", {
        body: bookingBody({ email: "second@example.com", cleaningTime: "10:00 AM" }),
      });
      assert.equal(created.status, 201);
      worker.wake();
      await waitUntil("the 410 to be handled", async () =>
        (await pushRows("skipped")).some((r) => /410/.test(r.last_error ?? "")),
      );
      assert.equal(received("/office-tablet").length, before + 1);
      const [{ count }] = await ctx.sql<{ count: number }[]>`
        select count(*)::int as count from push_subscriptions where endpoint = ${office.endpoint}`;
      assert.equal(count, 0);
    });
  } finally {
    await worker.stop();
    await ctx.close();
    await receiver.close();
  }
});
