import assert from "node:assert/strict";
import { createTestContext, TEST_ADMIN } from "../../testing/context.ts";
import { enableTotp, passwordLogin, totpCode } from "../../testing/sign-in.ts";

const EXPORT = "/api/reports/customers.csv?from=2026-01-01&to=2026-01-31";
const MINUTE = 60_000;

Deno.test("step-up: a recent sign-in with every factor the person has", async (t) => {
  const ctx = await createTestContext({ env: { LOGIN_LIMIT_PER_IP: "1000" } });
  const exportWith = async (token: string) => {
    const res = await ctx.request("GET", EXPORT, { token });
    return res.status === 401 ? { status: 401, body: res.body } : { status: res.status };
  };
  const reauth = (token: string, body: Record<string, string>) =>
    ctx.request<{ token: string }>("POST", "/api/auth/reauth", { token, body });
  try {
    let token = (await passwordLogin(ctx, TEST_ADMIN.email, TEST_ADMIN.password)).body.token;

    await t.step("a fresh password sign-in of a person without a second factor counts", async () => {
      assert.equal((await exportWith(token)).status, 200);
    });

    await t.step("after 10 minutes: 401 reauth, then the password again, then the export", async () => {
      ctx.clock.advance(10 * MINUTE + 1000);
      assert.deepEqual((await exportWith(token)).body, {
        message: "Confirm it's you: sign in again to do this.",
        reauth: true,
      });
      assert.equal((await ctx.request("GET", "/api/bookings", { token })).status, 200, "other routes are open");
      const wrong = await reauth(token, { password: "not the password" });
      assert.equal(wrong.status, 400);
      assert.equal((await exportWith(token)).status, 401, "a wrong password confirms nothing");
      const res = await reauth(token, { password: TEST_ADMIN.password });
      assert.equal(res.status, 200);
      assert.equal((await exportWith(token)).status, 200, "the same session's token now passes");
      assert.equal((await exportWith(res.body.token)).status, 200);
    });

    let secret = "";
    await t.step("a password sign-in made before TOTP was added does not count", async () => {
      ({ secret } = await enableTotp(ctx, token));
      assert.equal((await exportWith(token)).status, 401, "within 10 minutes, but without the code");
      const noCode = await reauth(token, { password: TEST_ADMIN.password });
      assert.equal(noCode.status, 400, "the code is asked for");
      const res = await reauth(token, { password: TEST_ADMIN.password, code: totpCode(ctx, secret) });
      assert.equal(res.status, 200);
      assert.equal((await exportWith(token)).status, 200);
      ctx.clock.advance(30_000);
    });

    await t.step("a sign-in with password and code counts; turning TOTP off is itself a step-up action", async () => {
      const { challenge } = (await passwordLogin(ctx, TEST_ADMIN.email, TEST_ADMIN.password)).body;
      const signedIn = await ctx.request<{ token: string }>("POST", "/api/auth/login/mfa", {
        body: { challenge, code: totpCode(ctx, secret) },
      });
      token = signedIn.body.token;
      assert.equal((await exportWith(token)).status, 200);
      ctx.clock.advance(11 * MINUTE);
      assert.equal((await ctx.request("DELETE", "/api/account/totp", { token })).status, 401);
      const res = await reauth(token, { password: TEST_ADMIN.password, code: totpCode(ctx, secret) });
      assert.equal(res.status, 200);
      assert.equal((await ctx.request("DELETE", "/api/account/totp", { token })).status, 204);
      assert.equal((await ctx.request("DELETE", "/api/account/totp", { token })).status, 404, "already off");
      const removed = await ctx.sql`select 1 from audit_log where action = 'factor_removed'`;
      assert.equal(removed.length, 1);
    });

    await t.step("a token from before sessions counts as a password sign-in when it was issued", async () => {
      const legacy = await ctx.tokens.sign(ctx.admin);
      assert.equal((await exportWith(legacy)).status, 200);
      ctx.clock.advance(11 * MINUTE);
      assert.equal((await exportWith(legacy)).status, 401);
      const res = await reauth(legacy, { password: TEST_ADMIN.password });
      assert.equal(res.status, 200, "a confirmation opens a session");
      assert.equal((await exportWith(res.body.token)).status, 200);
    });
  } finally {
    await ctx.close();
  }
});
