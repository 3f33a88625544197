import assert from "node:assert/strict";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { Estimate } from "../../contracts/estimates/estimate.ts";
import type { Invoice } from "../../contracts/invoices/invoice.ts";
import { countSegments } from "../../contracts/texts/segments.ts";
import { newBooking, priceBookByName } from "../../testing/estimates.ts";
import { needsService } from "../../testing/services.ts";
import { textsContext } from "./testing.ts";

const postgres = needsService("TEST_DATABASE_URL");
const DANA_PHONE = "+17045550199";

const test = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name, ignore: postgres.ignore, sanitizeResources: false, sanitizeOps: false, fn });

test("a sent estimate, a sent invoice and a payment receipt are texted beside their e-mails, each in two segments", async () => {
  const { ctx, peer, drain, close } = await textsContext();
  try {
    const bookingId = await newBooking(ctx, { smsConsent: true });
    const guard = (await priceBookByName(ctx)).get("Bird guard")!;
    const estimate = await ctx.asAdmin<DataEnvelope<Estimate>>("POST", "/api/estimates", {
      body: { bookingId, options: [{ title: "Guard", lines: [{ priceBookItemId: guard._id, quantity: 2 }] }] },
    });
    assert.equal(estimate.status, 201, JSON.stringify(estimate.body));
    assert.equal((await ctx.asAdmin("POST", `/api/estimates/${estimate.body.data._id}/send`)).status, 200);
    const invoice = await ctx.asAdmin<DataEnvelope<Invoice>>("POST", `/api/bookings/${bookingId}/invoice`);
    assert.equal(invoice.status, 201, JSON.stringify(invoice.body));
    const id = invoice.body.data._id;
    assert.equal((await ctx.asAdmin("POST", `/api/invoices/${id}/send`)).status, 200);
    const paid = await ctx.asAdmin("POST", `/api/invoices/${id}/payments`, {
      body: { method: "cash", amountCents: 5000 },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    await drain();
    const bodies = peer.texts.filter((t) => t.to === DANA_PHONE).map((t) => t.body);
    assert.ok(
      bodies.some((b) => /estimate E-\d+ is ready/.test(b)),
      bodies.join("\n"),
    );
    assert.ok(
      bodies.some((b) => /invoice INV-000001 for \$[\d,.]+ is ready/.test(b)),
      bodies.join("\n"),
    );
    assert.ok(
      bodies.some((b) => /payment of \$50\.00 for INV-000001/.test(b)),
      bodies.join("\n"),
    );
    for (const body of bodies) {
      assert.ok(countSegments(body).segments <= 2, body);
      assert.match(body, /https:\/\/clearflow\.test\/t\/\w{8}|on the way|confirmed/);
    }
    const kinds = await ctx.asAdmin<{ kind: string; status: string }[]>("GET", `/api/bookings/${bookingId}/texts`);
    assert.deepEqual(
      kinds.body.map((m) => m.kind),
      ["booking-confirmation", "estimate-sent", "invoice-sent", "payment-receipt"],
    );
    const mails = await ctx.asAdmin<{ kind: string }[]>("GET", `/api/bookings/${bookingId}/mail`);
    assert.ok(
      mails.body.some((m) => m.kind === "invoice-sent"),
      "e-mail stays",
    );
  } finally {
    await close();
  }
});

test("the reminder the day before is texted, and a STOP before it stops it", async () => {
  const { ctx, peer, drain, close } = await textsContext();
  try {
    // Wednesday 4 March at 9:00: reminded on Tuesday at 9:00.
    const first = await newBooking(ctx, { smsConsent: true, cleaningDate: "2026-03-04" });
    await drain();
    ctx.clock.set("2026-03-03T14:00:00.000Z");
    await drain();
    const reminders = () => peer.texts.filter((t) => /a reminder of your/.test(t.body));
    assert.equal(reminders().length, 1);
    assert.match(reminders()[0]!.body, /tomorrow, Wed, Mar 4 at 9:00 AM/);
    assert.match(reminders()[0]!.body, /Reply C to confirm, R to reschedule\.$/);

    // Thursday 5 March at 9:00, reminded on Wednesday; the customer replies STOP on Tuesday.
    await newBooking(ctx, { smsConsent: true, cleaningDate: "2026-03-05" });
    assert.equal((await peer.inbound(DANA_PHONE, "STOP")).status, 200);
    await drain();
    ctx.clock.set("2026-03-04T14:00:00.000Z");
    await drain();
    assert.equal(reminders().length, 1, "no second reminder");
    const [skipped] = await ctx.sql<{ last_error: string }[]>`
      select last_error from outbox
      where channel = 'sms' and kind = 'visit-reminder' and booking_id <> ${first} and status = 'skipped'`;
    assert.equal(skipped?.last_error, "The number opted out of texts");
  } finally {
    await close();
  }
});
