import assert from "node:assert/strict";
import type { Booking } from "./contracts/bookings/booking.ts";
import type { DataEnvelope } from "./contracts/common/wire.ts";
import { hashPassword } from "./platform/passwords.ts";
import { createTestContext } from "./testing/context.ts";
import { rowCounts } from "./testing/database.ts";
import { bookingBody } from "./testing/fixtures.ts";

const ACCEPTED = ["o'brien@example.com", "first.last+tag@sub.example.co.uk", "jose@bücher.de"];
const REFUSED = ["o'brien@example", "first..last@example.com", "user@[10.0.0.1]"];

const contact = (email: string) => ({
  name: "Ruth O'Brien",
  email,
  phone: "(704) 555-0123",
  service: "Air Duct Cleaning",
  message: "Can you come on a Sunday?",
});

Deno.test("every endpoint that takes an e-mail accepts real addresses and refuses undeliverable ones", async (t) => {
  const ctx = await createTestContext();
  try {
    await t.step("booking", async () => {
      for (const email of ACCEPTED) {
        const res = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
          body: bookingBody({ email, cleaningTime: "7:00 AM" }),
        });
        assert.equal(res.status, 201, `${email}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.data.email, email);
        await ctx.sql`delete from bookings where id = ${res.body.data._id}`;
      }
      for (const email of REFUSED) {
        const before = await rowCounts(ctx.sql);
        const res = await ctx.request<{ message: string }>("POST", "/api/bookings", { body: bookingBody({ email }) });
        assert.equal(res.status, 400, email);
        assert.match(res.body.message, /Email is not valid/);
        assert.deepEqual(await rowCounts(ctx.sql), before);
      }
    });

    await t.step("contact", async () => {
      for (const email of ACCEPTED) {
        assert.equal((await ctx.request("POST", "/api/contact", { body: contact(email) })).status, 201, email);
      }
      for (const email of REFUSED) {
        assert.equal((await ctx.request("POST", "/api/contact", { body: contact(email) })).status, 400, email);
      }
    });

    await t.step("an admin's edit of a booking", async () => {
      const created = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body: bookingBody() });
      const path = `/api/bookings/${created.body.data._id}`;
      for (const email of ACCEPTED) {
        const res = await ctx.asAdmin<DataEnvelope<Booking>>("PUT", path, { body: bookingBody({ email }) });
        assert.equal(res.status, 200, email);
        assert.equal(res.body.data.email, email);
      }
      for (const email of REFUSED) {
        assert.equal((await ctx.asAdmin("PUT", path, { body: bookingBody({ email }) })).status, 400, email);
      }
    });

    await t.step("login", async () => {
      const password = "a long enough passphrase";
      await ctx.repos.admins.upsert({
        email: "o'brien@example.com",
        name: "Ruth",
        passwordHash: await hashPassword(password),
      });
      const res = await ctx.request<{ token: string }>("POST", "/api/auth/login", {
        body: { email: "O'Brien@example.com", password },
      });
      assert.equal(res.status, 200);
      assert.ok(res.body.token);
      for (const email of REFUSED) {
        assert.equal((await ctx.request("POST", "/api/auth/login", { body: { email, password } })).status, 400, email);
      }
    });
  } finally {
    await ctx.close();
  }
});
