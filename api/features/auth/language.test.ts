import assert from "node:assert/strict";
import type { StaffLanguage } from "../../contracts/staff/language.ts";
import type { LoginResponse } from "../../contracts/staff/staff.ts";
import { bookingBody } from "../../testing/fixtures.ts";
import { createTestContext } from "../../testing/context.ts";
import { signInCustomer } from "../../testing/portal.ts";
import { passwordLogin } from "../../testing/sign-in.ts";
import { addStaff, STAFF_PASSWORD } from "../../testing/staff.ts";

Deno.test("a staff member's language: English at first, chosen in their account, answered at sign-in", async (t) => {
  const ctx = await createTestContext();
  try {
    const tech = await addStaff(ctx, "Lupe Tech");

    await t.step("English until they choose", async () => {
      const res = await ctx.request<StaffLanguage>("GET", "/api/account/language", { token: tech.token });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { locale: "en" });
    });

    await t.step("Spanish once chosen, kept for their next sign-in and for no one else", async () => {
      const put = await ctx.request<StaffLanguage>("PUT", "/api/account/language", {
        token: tech.token,
        body: { locale: "es" },
      });
      assert.equal(put.status, 200);
      assert.deepEqual(put.body, { locale: "es" });
      const again = await ctx.request<StaffLanguage>("GET", "/api/account/language", { token: tech.token });
      assert.deepEqual(again.body, { locale: "es" });
      const login = await passwordLogin(ctx, tech.member.email, STAFF_PASSWORD);
      assert.equal((login.body as LoginResponse).user.locale, "es");
      const admin = await ctx.asAdmin<StaffLanguage>("GET", "/api/account/language");
      assert.deepEqual(admin.body, { locale: "en" });
    });

    await t.step("a language we do not offer is refused by name, and nothing changes", async () => {
      const res = await ctx.request<{ message: string }>("PUT", "/api/account/language", {
        token: tech.token,
        body: { locale: "fr" },
      });
      assert.equal(res.status, 400);
      assert.match(res.body.message, /locale must be "en" or "es"/);
      const after = await ctx.request<StaffLanguage>("GET", "/api/account/language", { token: tech.token });
      assert.deepEqual(after.body, { locale: "es" });
    });

    await t.step("no one but a signed-in staff member reads or sets it: not the public, not a customer", async () => {
      const booked = await ctx.request("POST", "/api/bookings", { body: bookingBody() });
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      const customer = await signInCustomer(ctx, String(bookingBody().email));
      for (const [token, status] of [
        [undefined, 401],
        [customer, 403],
      ] as const) {
        const get = await ctx.request("GET", "/api/account/language", { token });
        const put = await ctx.request("PUT", "/api/account/language", { token, body: { locale: "es" } });
        assert.deepEqual([get.status, put.status], [status, status]);
      }
    });
  } finally {
    await ctx.close();
  }
});
