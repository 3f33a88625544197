import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { Customer } from "../../contracts/customers/customer.ts";
import type { PortalVisit, PortalVisits } from "../../contracts/portal/portal.ts";
import type { PortalInvoices } from "../../contracts/portal/money.ts";
import { createTestContext } from "../../testing/context.ts";
import { bookingBody } from "../../testing/fixtures.ts";
import { signInCustomer } from "../../testing/portal.ts";

Deno.test("the portal knows the customer by its record: every e-mail of it, and what a merge brought", async (t) => {
  const ctx = await createTestContext();
  let day = 3;
  const book = async (email: string, firstName: string) => {
    const res = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
      body: bookingBody({ email, firstName, cleaningDate: `2026-03-${String(day++).padStart(2, "0")}` }),
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.data;
  };
  const visitIds = async (token: string) => {
    const res = await ctx.request<DataEnvelope<PortalVisits>>("GET", "/api/portal/visits", { token });
    assert.equal(res.status, 200);
    return [...res.body.data.upcoming, ...res.body.data.past].map((v: PortalVisit) => v._id).sort();
  };

  try {
    const home = await book("ana@example.com", "Ana");
    const ben = await book("ben@example.com", "Ben");
    const record = await ctx.asAdmin<Customer>("GET", `/api/customers/${home.customerId}`);
    const saved = await ctx.asAdmin<DataEnvelope<Customer>>("PUT", `/api/customers/${home.customerId}`, {
      body: {
        name: record.body.name,
        emails: ["ana@example.com", "ana@work.example.com", "ana.alt@example.com"],
        phones: [],
        version: record.body.version,
      },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const work = await book("ana@work.example.com", "Ana");
    assert.equal(work.customerId, home.customerId);
    const invoiced = await ctx.asAdmin("POST", `/api/bookings/${work._id}/invoice`);
    assert.equal(invoiced.status, 201, JSON.stringify(invoiced.body));

    const ana = await signInCustomer(ctx, "ana@example.com");
    const benSession = await signInCustomer(ctx, "ben@example.com");

    await t.step("a session reads the bookings of every e-mail of its customer, no one else's", async () => {
      assert.deepEqual(await visitIds(ana), [home._id, work._id].sort());
      const invoices = await ctx.request<DataEnvelope<PortalInvoices>>("GET", "/api/portal/invoices", { token: ana });
      assert.equal(invoices.body.data.open.length, 1);
      assert.deepEqual(await visitIds(benSession), [ben._id]);
    });

    await t.step("it changes a visit made under another of its e-mails through the one path", async () => {
      const res = await ctx.request("POST", `/api/portal/visits/${work._id}/cancel`, { token: ana });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const other = await ctx.request("POST", `/api/portal/visits/${ben._id}/cancel`, { token: ana });
      assert.equal(other.status, 404);
    });

    await t.step("an e-mail of the record with no booking of its own signs in to it", async () => {
      const alt = await signInCustomer(ctx, "ana.alt@example.com");
      assert.deepEqual(await visitIds(alt), [home._id, work._id].sort());
    });

    await t.step("after a merge, both sessions read the kept record's bookings", async () => {
      const merged = await ctx.asAdmin("POST", `/api/customers/${home.customerId}/merge`, {
        body: { from: ben.customerId },
      });
      assert.equal(merged.status, 200, JSON.stringify(merged.body));
      const all = [home._id, work._id, ben._id].sort();
      assert.deepEqual(await visitIds(ana), all);
      assert.deepEqual(await visitIds(benSession), all);
    });
  } finally {
    await ctx.close();
  }
});
