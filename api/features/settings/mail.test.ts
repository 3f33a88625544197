import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import { createTestContext } from "../../testing/context.ts";
import { bookingBody, serviceBody } from "../../testing/fixtures.ts";

Deno.test(
  "e-mails: signed with the settings' phone and address, a service an admin added named by its title",
  async () => {
    const ctx = await createTestContext();
    try {
      const put = await ctx.asAdmin("PUT", "/api/settings", {
        body: { profile: { phone: "(704) 555-0199", street: "9 New Street" } },
      });
      assert.equal(put.status, 200);
      const added = await ctx.asAdmin("POST", "/api/services", {
        body: serviceBody({ title: "Attic Fan Cleaning", price: 80 }),
      });
      assert.equal(added.status, 201);

      const booked = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
        body: bookingBody({ serviceType: "attic-fan-cleaning" }),
      });
      assert.equal(booked.status, 201, JSON.stringify(booked.body));

      const rows = await ctx.sql<{ subject: string; message: unknown }[]>`
      select subject, message from outbox
      where booking_id = ${booked.body.data._id} and kind <> 'visit-reminder' order by seq`;
      assert.equal(rows.length, 2, "the customer's and the business's");
      const texts = await Promise.all(rows.map(async (row) => (await ctx.outbox.composer()(row.message)).text));
      for (const [i, row] of rows.entries()) {
        assert.match(row.subject, /Attic Fan Cleaning/);
        assert.doesNotMatch(texts[i]!, /attic-fan-cleaning/);
      }
      const customer = texts[0]!;
      assert.match(customer, /\(704\) 555-0199/);
      assert.match(customer, /9 New Street/);
      assert.doesNotMatch(customer, /\(704\) 555-0142/);
    } finally {
      await ctx.close();
    }
  },
);

Deno.test(
  "e-mails: a batch is rendered with the settings as the batch began; the next batch has the new ones",
  async () => {
    const ctx = await createTestContext();
    try {
      const booked = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body: bookingBody() });
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      const [confirmation] = await ctx.sql<{ message: unknown }[]>`
      select message from outbox where booking_id = ${booked.body.data._id} order by seq limit 1`;
      const batch = ctx.outbox.composer();
      assert.match((await batch(confirmation!.message)).text, /\(704\) 555-0142/);

      const put = await ctx.asAdmin("PUT", "/api/settings", { body: { profile: { phone: "(704) 555-0177" } } });
      assert.equal(put.status, 200);
      // One read of the settings per batch, not per e-mail: the same batch still says what it began with.
      assert.match((await batch(confirmation!.message)).text, /\(704\) 555-0142/);
      const next = (await ctx.outbox.composer()(confirmation!.message)).text;
      assert.match(next, /\(704\) 555-0177/);
      assert.doesNotMatch(next, /\(704\) 555-0142/);
    } finally {
      await ctx.close();
    }
  },
);
