import assert from "node:assert/strict";
import type { DataEnvelope } from "../../../contracts/common/wire.ts";
import type { CustomerLanguage } from "../../../contracts/portal/language.ts";
import { createTestContext } from "../../../testing/context.ts";
import { bookingBody } from "../../../testing/fixtures.ts";
import { signInCustomer } from "../../../testing/portal.ts";

const localeOnRecord = async (ctx: Awaited<ReturnType<typeof createTestContext>>, email: string) => {
  const [row] = await ctx.sql<{ locale: string }[]>`
    select c.locale from customers c join customer_emails e on e.customer_id = c.id where lower(e.email) = ${email}`;
  return row?.locale;
};

Deno.test("a customer's language: the one they booked in, changed on their own page, for them only", async (t) => {
  const ctx = await createTestContext();
  try {
    const ana = "ana.language@example.com";
    const bo = "bo.language@example.com";
    for (const [email, locale] of [
      [ana, "es"],
      [bo, "en"],
    ] as const) {
      const res = await ctx.request("POST", "/api/bookings", { body: { ...bookingBody({ email }), locale } });
      assert.equal(res.status, 201, JSON.stringify(res.body));
    }
    const anaSession = await signInCustomer(ctx, ana);
    const boSession = await signInCustomer(ctx, bo);
    const read = (token: string) =>
      ctx.request<DataEnvelope<CustomerLanguage>>("GET", "/api/portal/language", { token });

    await t.step("the language they booked in", async () => {
      const res = await read(anaSession);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.data, { locale: "es" });
      assert.deepEqual((await read(boSession)).body.data, { locale: "en" });
    });

    await t.step("set on their record, which the next e-mail and page read; another customer's stays", async () => {
      const put = await ctx.request<DataEnvelope<CustomerLanguage>>("PUT", "/api/portal/language", {
        token: anaSession,
        body: { locale: "en" },
      });
      assert.equal(put.status, 200, JSON.stringify(put.body));
      assert.deepEqual(put.body.data, { locale: "en" });
      assert.equal(await localeOnRecord(ctx, ana), "en");
      assert.equal(await localeOnRecord(ctx, bo), "en");
      const back = await ctx.request("PUT", "/api/portal/language", { token: anaSession, body: { locale: "es" } });
      assert.equal(back.status, 200);
      assert.equal(await localeOnRecord(ctx, ana), "es");
      assert.equal(await localeOnRecord(ctx, bo), "en", "Bo's record is not Ana's to change");
    });

    await t.step("a language we do not offer is refused by name, and nothing changes", async () => {
      for (const body of [{ locale: "fr" }, { locale: "es-MX" }, {}, { locale: 1 }]) {
        const res = await ctx.request<{ message: string }>("PUT", "/api/portal/language", {
          token: anaSession,
          body,
        });
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.match(res.body.message, "locale" in body ? /locale must be "en" or "es"/ : /locale/);
      }
      assert.equal(await localeOnRecord(ctx, ana), "es");
    });

    await t.step("no one but the signed-in customer: not the public, not staff, not another site", async () => {
      for (const [token, status] of [
        [undefined, 401],
        [ctx.adminToken, 403],
      ] as const) {
        const get = await ctx.request("GET", "/api/portal/language", { token });
        const put = await ctx.request("PUT", "/api/portal/language", { token, body: { locale: "en" } });
        assert.deepEqual([get.status, put.status], [status, status]);
      }
      const crossSite = await ctx.request("PUT", "/api/portal/language", {
        token: anaSession,
        body: { locale: "en" },
        headers: { Origin: "https://elsewhere.example" },
      });
      assert.equal(crossSite.status, 403);
      assert.equal(await localeOnRecord(ctx, ana), "es");
    });
  } finally {
    await ctx.close();
  }
});
