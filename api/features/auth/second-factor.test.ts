import assert from "node:assert/strict";
import type { LoginResponse } from "../../contracts/staff/staff.ts";
import type { AuditEntry } from "../../contracts/audit/audit.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { createTestContext, TEST_ADMIN } from "../../testing/context.ts";
import { enableTotp, passwordLogin, totpCode } from "../../testing/sign-in.ts";
import { rowCounts } from "../../testing/database.ts";

Deno.test("TOTP: setup, the login's second step, drift, reuse, recovery codes and the lock", async (t) => {
  const ctx = await createTestContext({ env: { LOGIN_LIMIT_PER_IP: "1000", LOGIN_LIMIT_PER_ACCOUNT: "1000" } });
  const login = () => passwordLogin(ctx, TEST_ADMIN.email, TEST_ADMIN.password);
  const finish = (body: Record<string, string>) =>
    ctx.request<LoginResponse & { message: string }>("POST", "/api/auth/login/mfa", { body });
  const audit = async (action: string) =>
    (await ctx.sql<AuditEntry[]>`select * from audit_log where action = ${action}`).length;
  try {
    const first = await login();
    assert.ok(first.body.token, "no factor yet: the password alone signs in");
    const token = first.body.token;
    let secret = "";
    let recoveryCodes: string[] = [];

    await t.step("setting up answers a secret and its otpauth link; the factor waits for a first code", async () => {
      const setup = await ctx.request<{ secret: string; otpauthUrl: string }>("POST", "/api/account/totp", { token });
      assert.equal(setup.status, 200);
      assert.match(setup.body.secret, /^[A-Z2-7]{32}$/);
      assert.match(setup.body.otpauthUrl, /^otpauth:\/\/totp\/.*secret=/);
      assert.ok((await login()).body.token, "not active yet: still the password alone");
      const wrong = await ctx.request("POST", "/api/account/totp/confirm", { token, body: { code: "000000" } });
      assert.equal(wrong.status, 400);
      assert.deepEqual(await ctx.request("GET", "/api/account/totp", { token }).then((r) => r.body), {
        enabled: false,
        recoveryCodesLeft: 0,
      });
      // A second start replaces the pending secret: the first one's codes no longer confirm.
      const again = await ctx.request<{ secret: string }>("POST", "/api/account/totp", { token });
      const stale = await ctx.request("POST", "/api/account/totp/confirm", {
        token,
        body: { code: totpCode(ctx, setup.body.secret) },
      });
      assert.equal(stale.status, 400);
      const confirmed = await ctx.request<{ recoveryCodes: string[] }>("POST", "/api/account/totp/confirm", {
        token,
        body: { code: totpCode(ctx, again.body.secret) },
      });
      assert.equal(confirmed.status, 200);
      assert.equal(confirmed.body.recoveryCodes.length, 10);
      assert.equal(new Set(confirmed.body.recoveryCodes).size, 10);
      secret = again.body.secret;
      recoveryCodes = confirmed.body.recoveryCodes;
      const stored = await ctx.sql`select code_hash from staff_recovery_codes`;
      assert.equal(stored.length, 10);
      assert.ok(
        stored.every((r) => !recoveryCodes.includes(r.code_hash)),
        "only hashes are stored",
      );
      const [key] = await ctx.sql<{ secret: string }[]>`select secret from staff_totp`;
      assert.match(key!.secret, /^v1\./, "the key is kept sealed");
      assert.ok(!key!.secret.includes(secret), "never as the app reads it");
      assert.equal((await ctx.request("POST", "/api/account/totp", { token })).status, 409, "on: not again");
      assert.equal(await audit("factor_added"), 1);
      ctx.clock.advance(30_000);
    });

    await t.step("the password now answers a challenge, not a token", async () => {
      const res = await login();
      assert.equal(res.status, 200);
      assert.equal(res.body.mfaRequired, true);
      assert.equal(typeof res.body.challenge, "string");
      assert.equal(res.body.token, undefined);
    });

    await t.step("a code one step early or late is accepted; two steps off is refused", async () => {
      for (const steps of [2, -2]) {
        const { challenge } = (await login()).body;
        const res = await finish({ challenge, code: totpCode(ctx, secret, steps) });
        assert.equal(res.status, 401, `${steps} steps off`);
        assert.equal(res.body.message, MESSAGES.wrongCode);
      }
      ctx.clock.advance(5 * 30_000);
      for (const steps of [-1, 1]) {
        const { challenge } = (await login()).body;
        const res = await finish({ challenge, code: totpCode(ctx, secret, steps) });
        assert.equal(res.status, 200, `${steps} step off`);
        assert.ok(res.body.token);
        assert.equal((await ctx.request("GET", "/api/bookings", { token: res.body.token })).status, 200);
      }
      ctx.clock.advance(3 * 30_000);
    });

    await t.step("a code is never accepted twice, nor an older one after a newer", async () => {
      const code = totpCode(ctx, secret);
      const once = await finish({ challenge: (await login()).body.challenge, code });
      assert.equal(once.status, 200);
      const twice = await finish({ challenge: (await login()).body.challenge, code });
      assert.equal(twice.status, 401, "the same code again");
      const older = await finish({ challenge: (await login()).body.challenge, code: totpCode(ctx, secret, -1) });
      assert.equal(older.status, 401, "the step before the one used");
      ctx.clock.advance(30_000);
    });

    await t.step("a challenge finishes once", async () => {
      const { challenge } = (await login()).body;
      assert.equal((await finish({ challenge, code: totpCode(ctx, secret) })).status, 200);
      ctx.clock.advance(30_000);
      const replay = await finish({ challenge, code: totpCode(ctx, secret) });
      assert.equal(replay.status, 401);
      assert.equal(replay.body.message, MESSAGES.challengeLocked);
    });

    await t.step("5 wrong codes lock the challenge, even for the right code after", async () => {
      const { challenge } = (await login()).body;
      for (let i = 1; i <= 5; i++) {
        const res = await finish({ challenge, code: "123456" === totpCode(ctx, secret) ? "654321" : "123456" });
        assert.equal(res.status, 401);
        assert.equal(res.body.message, i < 5 ? MESSAGES.wrongCode : MESSAGES.challengeLocked);
      }
      const right = await finish({ challenge, code: totpCode(ctx, secret) });
      assert.equal(right.status, 401);
      assert.equal(right.body.message, MESSAGES.challengeLocked);
      assert.ok((await audit("sign_in_failed")) >= 5, "each wrong code is audited");
    });

    await t.step("a recovery code signs in once", async () => {
      const code = recoveryCodes[0]!;
      const used = await finish({ challenge: (await login()).body.challenge, recoveryCode: code.toUpperCase() });
      assert.equal(used.status, 200, "case does not matter");
      const again = await finish({ challenge: (await login()).body.challenge, recoveryCode: code });
      assert.equal(again.status, 401, "spent");
      assert.equal(await audit("recovery_code_used"), 1);
      assert.deepEqual(await ctx.request("GET", "/api/account/totp", { token: used.body.token }).then((r) => r.body), {
        enabled: true,
        recoveryCodesLeft: 9,
      });
    });

    await t.step("bad input is a 400 that writes nothing", async () => {
      const before = await rowCounts(ctx.sql);
      for (const body of [{}, { challenge: "x".repeat(40) }, { challenge: "x".repeat(40), code: "12ab56" }]) {
        assert.equal((await finish(body as Record<string, string>)).status, 400, JSON.stringify(body));
      }
      assert.equal((await finish({ challenge: "x".repeat(40), code: "123456" })).status, 401, "unknown challenge");
      assert.deepEqual(await rowCounts(ctx.sql), before);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("TOTP: the login limits count wrong codes too", async () => {
  const ctx = await createTestContext({ env: { LOGIN_LIMIT_PER_IP: "1000", LOGIN_LIMIT_PER_ACCOUNT: "3" } });
  try {
    const token = (await passwordLogin(ctx, TEST_ADMIN.email, TEST_ADMIN.password)).body.token;
    const { secret } = await enableTotp(ctx, token);
    const challenges: string[] = [];
    for (let i = 0; i < 4; i++) {
      challenges.push((await passwordLogin(ctx, TEST_ADMIN.email, TEST_ADMIN.password)).body.challenge);
    }
    const wrong = [];
    for (const challenge of challenges.slice(0, 3)) {
      wrong.push((await ctx.request("POST", "/api/auth/login/mfa", { body: { challenge, code: "000000" } })).status);
    }
    assert.deepEqual(wrong, [401, 401, 401]);
    const right = await ctx.request("POST", "/api/auth/login/mfa", {
      body: { challenge: challenges[3], code: totpCode(ctx, secret) },
    });
    assert.equal(right.status, 429, "the account is held until the window passes, whatever the code");
    assert.equal((await passwordLogin(ctx, TEST_ADMIN.email, TEST_ADMIN.password)).status, 429);
  } finally {
    await ctx.close();
  }
});
