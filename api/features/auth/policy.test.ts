import assert from "node:assert/strict";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { MESSAGES } from "../../contracts/common/messages.ts";
import type { LoginResponse } from "../../contracts/staff/staff.ts";
import { createTestContext, TEST_ADMIN } from "../../testing/context.ts";
import { passwordLogin, totpCode } from "../../testing/sign-in.ts";
import { addStaff } from "../../testing/staff.ts";
import { registerPasskey, softwarePasskey } from "../../testing/webauthn.ts";

Deno.test("sign-in policy: a required person sets up a factor before anything else", async (t) => {
  const ctx = await createTestContext({ env: { LOGIN_LIMIT_PER_IP: "1000" } });
  try {
    const owner = (await passwordLogin(ctx, TEST_ADMIN.email, TEST_ADMIN.password)).body.token;
    const office = await addStaff(ctx, "Ann Admin", "admin");
    const tech = await addStaff(ctx, "Ted Tech");

    await t.step("only an owner reads and sets it; bad input is 400", async () => {
      assert.deepEqual((await ctx.request("GET", "/api/sign-in-policy", { token: owner })).body, {
        requireOffice: false,
        requireTechnicians: false,
      });
      assert.equal((await ctx.request("GET", "/api/sign-in-policy", { token: office.token })).status, 403);
      const bad = await ctx.request("PUT", "/api/sign-in-policy", { token: owner, body: { requireOffice: "yes" } });
      assert.equal(bad.status, 400);
      const res = await ctx.request("PUT", "/api/sign-in-policy", {
        token: owner,
        body: { requireOffice: true, requireTechnicians: false },
      });
      assert.equal(res.status, 200);
    });

    await t.step("an admin without a factor signs in to a session that may only set one up", async () => {
      const signedIn = await passwordLogin(ctx, office.member.email, "a long enough staff passphrase");
      assert.equal(signedIn.status, 200);
      const token = signedIn.body.token;
      const refused = await ctx.request("GET", "/api/bookings", { token });
      assert.equal(refused.status, 403);
      assert.deepEqual(refused.body, {
        message: "Set up two-step verification before going on.",
        setupRequired: true,
      });
      assert.equal(
        (await ctx.request("GET", "/api/bookings", { token: office.token })).status,
        200,
        "older ones go on",
      );
      const setup = await ctx.request<{ secret: string }>("POST", "/api/account/totp", { token });
      assert.equal(setup.status, 200);
      const done = await ctx.request("POST", "/api/account/totp/confirm", {
        token,
        body: { code: totpCode(ctx, setup.body.secret) },
      });
      assert.equal(done.status, 200);
      assert.equal((await ctx.request("GET", "/api/bookings", { token })).status, 200, "then everything");
      ctx.clock.advance(30_000);
      const off = await ctx.request("DELETE", "/api/account/totp", { token });
      assert.notEqual(off.status, 204, "a required factor is not turned off");
    });

    await t.step("technicians are free until the owner includes them", async () => {
      const signedIn = await passwordLogin(ctx, tech.member.email, "a long enough staff passphrase");
      assert.equal((await ctx.request("GET", "/api/bookings", { token: signedIn.body.token })).status, 200);
      await ctx.request("PUT", "/api/sign-in-policy", {
        token: owner,
        body: { requireOffice: true, requireTechnicians: true },
      });
      const again = await passwordLogin(ctx, tech.member.email, "a long enough staff passphrase");
      const res = await ctx.request<LoginResponse>("GET", "/api/bookings", { token: again.body.token });
      assert.equal(res.status, 403);
      assert.equal((await ctx.request("POST", "/api/auth/logout", { token: again.body.token })).status, 204);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("a person whose second factor is a passkey is sent to it, not to set up an authenticator app", async () => {
  const ctx = await createTestContext({
    env: { LOGIN_LIMIT_PER_IP: "1000", PUBLIC_URL: "https://office.clearflow.example" },
  });
  try {
    const owner = (await passwordLogin(ctx, TEST_ADMIN.email, TEST_ADMIN.password)).body.token;
    const office = await addStaff(ctx, "Pat Passkey", "admin");
    const passkey = softwarePasskey(ctx.config.passkeys);
    await registerPasskey(ctx, office.token, passkey);
    const policy = await ctx.request("PUT", "/api/sign-in-policy", {
      token: owner,
      body: { requireOffice: true, requireTechnicians: false },
    });
    assert.equal(policy.status, 200);
    const [{ before }] = await ctx.sql<{ before: number }[]>`select count(*)::int as before from staff_sessions`;

    const withPassword = await passwordLogin(ctx, office.member.email, "a long enough staff passphrase");
    assert.equal(withPassword.status, 403);
    assert.deepEqual(withPassword.body, { message: MESSAGES.passkeySignInRequired });
    const [{ after }] = await ctx.sql<{ after: number }[]>`select count(*)::int as after from staff_sessions`;
    assert.equal(after, before, "no session on the password alone");

    const options = await ctx.request<PublicKeyCredentialRequestOptionsJSON>("POST", "/api/auth/passkey/options");
    const signedIn = await ctx.request<LoginResponse>("POST", "/api/auth/passkey", {
      body: { response: passkey.assert(options.body) },
    });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    assert.equal(signedIn.body.setupRequired, undefined);
    assert.equal((await ctx.request("GET", "/api/bookings", { token: signedIn.body.token })).status, 200);

    const wrong = await passwordLogin(ctx, office.member.email, "not the passphrase at all");
    assert.equal(wrong.status, 401, "a wrong password is refused as ever, the passkey not named");
  } finally {
    await ctx.close();
  }
});
