import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { BookingFields } from "../../contracts/bookings/schemas.ts";
import { createTestContext } from "../../testing/context.ts";
import { bookingBody } from "../../testing/fixtures.ts";
import { transaction } from "../../db/transaction.ts";
import { draftBooking, isManageToken } from "./repo.ts";
import { pricedValues } from "./rules.ts";

// A new booking's e-mails are rendered from its draft before the insert answers: whatever they say must
// be what the database stores.
Deno.test("a new booking is stored as it was drafted", async (t) => {
  const ctx = await createTestContext();
  try {
    await t.step("the draft is the stored booking but for the stamps and links the database sets", async () => {
      const values = pricedValues(bookingBody() as BookingFields, "pending");
      const draft = draftBooking(values, ctx.clock.now());
      assert.ok(isManageToken(draft.manageToken));
      const stored = await transaction(ctx.sql, (tx) => ctx.repos.bookings.insertDraft(tx, { ...draft, locale: "en" }));
      // The customer and property are found or made by the insert itself, from the e-mail and address.
      const withoutStamps = ({ createdAt: _c, updatedAt: _u, customerId: _cu, propertyId: _p, ...rest }: Booking) =>
        rest;
      assert.deepEqual(withoutStamps(stored), withoutStamps(draft.booking));
      assert.ok(stored.customerId && stored.propertyId);
      const [row] = await ctx.sql<
        { manage_token: string }[]
      >`select manage_token from bookings where id = ${stored._id}`;
      assert.equal(row!.manage_token, draft.manageToken);
    });

    await t.step("the confirmation's manage link opens the booking the customer made", async () => {
      const made = await ctx.request<{ data: Booking }>("POST", "/api/bookings", {
        body: bookingBody({ email: "draft.check@example.com" }),
      });
      assert.equal(made.status, 201);
      const [{ manage_token }] = await ctx.sql<{ manage_token: string }[]>`
        select manage_token from bookings where id = ${made.body.data._id}`;
      const mails = await ctx.sql<{ message: unknown }[]>`
        select message from outbox where booking_id = ${made.body.data._id} and to_address = 'draft.check@example.com'`;
      assert.ok(mails.length >= 2, "the confirmation and the visit reminder");
      for (const mail of mails)
        assert.match((await ctx.outbox.composer()(mail.message)).text, new RegExp(manage_token!));
      const opened = await ctx.request<{ email: string }>("GET", `/api/manage/${manage_token}`);
      assert.equal(opened.status, 200);
      assert.equal(opened.body.email, "draft.check@example.com");
    });
  } finally {
    await ctx.close();
  }
});
