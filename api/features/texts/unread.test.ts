import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { UnlinkedNumber, UnreadTexts } from "../../contracts/texts/texts.ts";
import { bookingBody } from "../../testing/fixtures.ts";
import { textsContext, textsTest } from "./testing.ts";

const DANA_PHONE = "+17045550199";

textsTest("the unread texts count what customers texted since the office last opened their conversation", async () => {
  const { ctx, peer, drain, close } = await textsContext();
  const unread = async () => (await ctx.asAdmin<UnreadTexts>("GET", "/api/conversations/unread")).body;
  try {
    assert.deepEqual(await unread(), { total: 0, atLeast: false });
    const booked = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
      body: bookingBody({ smsConsent: true }),
    });
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
    const customerId = booked.body.data.customerId!;
    await drain();
    assert.deepEqual(await unread(), { total: 0, atLeast: false }, "our own texts are not unread");

    assert.equal((await peer.inbound(DANA_PHONE, "Can you come after 2?")).status, 200);
    assert.equal((await peer.inbound(DANA_PHONE, "Or Friday?")).status, 200);
    assert.deepEqual(await unread(), { total: 2, atLeast: false });

    ctx.clock.advance(1_000);
    const read = await ctx.asAdmin("POST", `/api/customers/${customerId}/messages/read`);
    assert.equal(read.status, 204);
    assert.deepEqual(await unread(), { total: 0, atLeast: false });

    ctx.clock.advance(1_000);
    assert.equal((await peer.inbound(DANA_PHONE, "Thanks")).status, 200);
    assert.deepEqual(await unread(), { total: 1, atLeast: false });

    assert.equal((await ctx.request("GET", "/api/conversations/unread")).status, 401, "signed out");
  } finally {
    await close();
  }
});

const STRANGER = "+19805550177";

textsTest(
  "a text from a number on no customer's record is unread until the office opens that number's texts",
  async () => {
    const { ctx, peer, close } = await textsContext();
    const unread = async () => (await ctx.asAdmin<UnreadTexts>("GET", "/api/conversations/unread")).body;
    const listed = async () =>
      (await ctx.asAdmin<{ data: UnlinkedNumber[] }>("GET", "/api/conversations/unlinked")).body.data.map((n) => [
        n.phone,
        n.unread,
      ]);
    const read = `/api/conversations/unlinked/${encodeURIComponent(STRANGER)}/read`;
    try {
      assert.equal((await peer.inbound(STRANGER, "Do you clean dryer vents in Gastonia?")).status, 200);
      assert.equal((await peer.inbound(STRANGER, "This week if you can")).status, 200);
      assert.deepEqual(await unread(), { total: 2, atLeast: false });
      assert.deepEqual(await listed(), [[STRANGER, 2]]);

      ctx.clock.advance(1_000);
      assert.equal((await ctx.asAdmin("POST", read)).status, 204);
      assert.deepEqual(await unread(), { total: 0, atLeast: false });
      assert.deepEqual(await listed(), [[STRANGER, 0]]);

      ctx.clock.advance(1_000);
      assert.equal((await peer.inbound(STRANGER, "Hello?")).status, 200);
      assert.deepEqual(await unread(), { total: 1, atLeast: false });
      assert.deepEqual(await listed(), [[STRANGER, 1]]);

      const refused = await ctx.asAdmin<{ message: string }>("POST", "/api/conversations/unlinked/0131/read");
      assert.equal(refused.status, 400);
      assert.match(refused.body.message, /E\.164/);
    } finally {
      await close();
    }
  },
);
