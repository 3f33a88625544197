import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { Page } from "../../contracts/common/paging.ts";
import type { TextMessage } from "../../contracts/texts/texts.ts";
import { TEST_NOW } from "../../testing/context.ts";
import { bookingBody } from "../../testing/fixtures.ts";
import { textsContext, textsTest } from "./testing.ts";

const DANA_PHONE = "+17045550199";

const test = textsTest;

test("a reminder's text held at night and then replaced by a move of the visit ends as not sent, replaced", async () => {
  // Monday 2 March, 10 AM in New York: a visit on Tuesday at 3 PM is reminded no sooner than 12 hours after booking,
  // at 10 PM, in the quiet hours.
  const { ctx, peer, drain, close } = await textsContext();
  try {
    const booked = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
      body: bookingBody({ smsConsent: true, cleaningDate: "2026-03-03", cleaningTime: "3:00 PM" }),
    });
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
    const booking = booked.body.data;
    await drain();
    ctx.clock.set("2026-03-03T03:00:00.000Z");
    await drain();
    const reminderTexts = () =>
      ctx
        .asAdmin<TextMessage[]>("GET", `/api/bookings/${booking._id}/texts`)
        .then((res) => res.body.filter((text) => text.kind === "visit-reminder"));
    assert.deepEqual(
      (await reminderTexts()).map((text) => text.status),
      ["held"],
    );

    // Overnight the office moves the visit two hours earlier: the held reminder is replaced by the new one. (The
    // database stamps a booking's creation with its own clock; the reminder's 12 hours count from the test's.)
    await ctx.sql`update bookings set created_at = ${new Date(TEST_NOW)} where id = ${booking._id}`;
    const moved = await ctx.asAdmin<DataEnvelope<Booking>>("PUT", `/api/bookings/${booking._id}`, {
      body: {
        ...bookingBody({ cleaningDate: "2026-03-03", cleaningTime: "1:00 PM" }),
        version: booking.version,
      },
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    ctx.clock.set("2026-03-03T13:00:00.000Z");
    await drain();

    const [replaced, sent] = await reminderTexts();
    assert.deepEqual(
      [replaced?.status, replaced?.errorCode, replaced?.errorText],
      ["failed", null, "A later change of the booking replaced it"],
    );
    assert.match(sent?.body ?? "", /Tue, Mar 3 at 1:00 PM/);
    assert.notEqual(sent?.status, "held");
    const reminders = peer.texts.filter((text) => /a reminder of your/.test(text.body));
    assert.equal(reminders.length, 1, "one reminder reached the customer");
    assert.match(reminders[0]!.body, /at 1:00 PM/);
  } finally {
    await close();
  }
});

test("an office reply dropped at send time (a STOP came first) ends as not sent, with the reason", async () => {
  const { ctx, peer, drain, close } = await textsContext();
  try {
    const booked = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
      body: bookingBody({ smsConsent: true }),
    });
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
    const customerId = booked.body.data.customerId!;
    await drain();
    const reply = await ctx.asAdmin<TextMessage>("POST", `/api/customers/${customerId}/messages`, {
      body: { body: "We can come after 2." },
    });
    assert.equal(reply.status, 201, JSON.stringify(reply.body));
    assert.equal(reply.body.status, "queued");
    // The customer's STOP is stored before the worker reaches the reply.
    assert.equal((await peer.inbound(DANA_PHONE, "STOP")).status, 200);
    await drain();

    assert.ok(!peer.texts.some((text) => text.body === "We can come after 2."), "the reply never reached Twilio");
    const page = await ctx.asAdmin<Page<TextMessage>>("GET", `/api/customers/${customerId}/messages`);
    const dropped = page.body.data.find((text) => text._id === reply.body._id);
    assert.deepEqual(
      [dropped?.status, dropped?.errorCode, dropped?.errorText],
      ["failed", null, "The number opted out of texts"],
    );
  } finally {
    await close();
  }
});
