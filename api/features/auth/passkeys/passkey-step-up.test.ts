import assert from "node:assert/strict";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { PASSKEY_MESSAGES } from "../../../contracts/staff/passkeys.ts";
import type { LoginResponse } from "../../../contracts/staff/staff.ts";
import { createTestContext, TEST_ADMIN, type TestContext } from "../../../testing/context.ts";
import { enableTotp, passwordLogin } from "../../../testing/sign-in.ts";
import { addStaff } from "../../../testing/staff.ts";
import { registerPasskey, softwarePasskey } from "../../../testing/webauthn.ts";

const SITE = "https://office.clearflow.example";
const EXPORT = "/api/reports/customers.csv?from=2026-01-01&to=2026-01-31";
const MINUTE = 60_000;

async function withContext(fn: (ctx: TestContext) => Promise<void>, env: Record<string, string> = {}) {
  const ctx = await createTestContext({ env: { PUBLIC_URL: SITE, LOGIN_LIMIT_PER_IP: "1000", ...env } });
  try {
    await fn(ctx);
  } finally {
    await ctx.close();
  }
}

const exportStatus = async (ctx: TestContext, token: string) => (await ctx.request("GET", EXPORT, { token })).status;

const reauthOptions = (ctx: TestContext, token: string) =>
  ctx.request<PublicKeyCredentialRequestOptionsJSON & { message?: string }>(
    "POST",
    "/api/auth/reauth/passkey/options",
    { token },
  );

const reauth = (ctx: TestContext, token: string, response: unknown) =>
  ctx.request<LoginResponse & { message?: string; reauth?: boolean }>("POST", "/api/auth/reauth/passkey", {
    token,
    body: { response },
  });

const refusals = (ctx: TestContext) =>
  ctx.sql<{ entity_id: string; admin_id: string | null; changes: Record<string, { to?: unknown }> }[]>`
    select entity_id, admin_id, changes from audit_log
    where entity_type = 'passkey' and action = 'sign_in_refused' order by seq`;

/** The test admin signed in with the password on a session of its own, with a passkey added. */
async function adminWithPasskey(ctx: TestContext) {
  const { token } = (await passwordLogin(ctx, TEST_ADMIN.email, TEST_ADMIN.password)).body;
  const passkey = softwarePasskey(ctx.config.passkeys);
  await registerPasskey(ctx, token, passkey);
  return { token, passkey };
}

Deno.test("step-up with a passkey: 401 reauth, one's own passkey, then the action goes through", async () => {
  await withContext(async (ctx) => {
    const { token, passkey } = await adminWithPasskey(ctx);
    ctx.clock.advance(11 * MINUTE);
    assert.equal(await exportStatus(ctx, token), 401);

    const options = await reauthOptions(ctx, token);
    assert.equal(options.status, 200, JSON.stringify(options.body));
    // Only this person's passkeys are offered, and the person must be verified.
    assert.deepEqual(
      (options.body.allowCredentials ?? []).map((c) => c.id),
      [passkey.id],
    );
    assert.equal(options.body.userVerification, "required");
    const res = await reauth(ctx, token, passkey.assert(options.body));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.user, ctx.admin);
    assert.equal(await exportStatus(ctx, token), 200, "the same session's token now passes");
    assert.equal(await exportStatus(ctx, res.body.token), 200);
    const [used] = await ctx.sql<{ changes: Record<string, { to?: unknown }> }[]>`
      select changes from audit_log where entity_type = 'passkey' and action = 'sign_in'`;
    assert.equal(used?.changes.step?.to, "reauth", "the step-up is audited with the passkey's counter");

    // A passkey is a whole sign-in: it counts for a person with TOTP too, for 10 minutes.
    await enableTotp(ctx, token);
    ctx.clock.advance(11 * MINUTE);
    assert.equal(await exportStatus(ctx, token), 401);
    assert.equal((await reauth(ctx, token, passkey.assert((await reauthOptions(ctx, token)).body))).status, 200);
    assert.equal(await exportStatus(ctx, token), 200);
  });
});

Deno.test("another person's passkey confirms nothing: refused, audited, and the action stays refused", async () => {
  await withContext(async (ctx) => {
    const tech = await addStaff(ctx, "Tia Tech");
    const theirs = softwarePasskey(ctx.config.passkeys);
    await registerPasskey(ctx, tech.token, theirs, "Van tablet");
    const { token } = await adminWithPasskey(ctx);
    ctx.clock.advance(11 * MINUTE);

    const res = await reauth(ctx, token, theirs.assert((await reauthOptions(ctx, token)).body));
    // 400, as a wrong password is on /api/auth/reauth: the session is fine, this proof is not.
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, { message: PASSKEY_MESSAGES.reauthFailed });
    assert.equal(await exportStatus(ctx, token), 401);
    const [refused] = await refusals(ctx);
    assert.equal(refused?.changes.reason?.to, "another person's passkey");
    assert.equal(refused?.admin_id, ctx.admin._id, "the signed-in person tried it");
    assert.equal(refused?.changes.staffId?.to, tech.member._id, "whose passkey it was");
    // The technician's passkey was not used: its counter stays where it was.
    const [kept] = await ctx.sql<
      { counter: string }[]
    >`select counter from staff_passkeys where staff_id = ${tech.member._id}`;
    assert.equal(Number(kept?.counter), 0);
  });
});

Deno.test("a step-up challenge is used once and only for that person's step-up", async () => {
  await withContext(async (ctx) => {
    const { token, passkey } = await adminWithPasskey(ctx);
    ctx.clock.advance(11 * MINUTE);

    const answer = passkey.assert((await reauthOptions(ctx, token)).body);
    assert.equal((await reauth(ctx, token, answer)).status, 200);
    const replayed = await reauth(ctx, token, answer);
    assert.equal(replayed.status, 400);
    assert.deepEqual(replayed.body, { message: PASSKEY_MESSAGES.challengeUsed });

    // A step-up's challenge does not sign anyone in, and a sign-in's does not confirm a step-up.
    const forStepUp = passkey.assert((await reauthOptions(ctx, token)).body);
    assert.equal((await ctx.request("POST", "/api/auth/passkey", { body: { response: forStepUp } })).status, 400);
    const signInOptions = await ctx.request<PublicKeyCredentialRequestOptionsJSON>("POST", "/api/auth/passkey/options");
    assert.equal((await reauth(ctx, token, passkey.assert(signInOptions.body))).status, 400);
    // A person without passkeys is told to use the password instead.
    const tech = await addStaff(ctx, "Theo Tech");
    const techsChallenge = await ctx.request<PublicKeyCredentialRequestOptionsJSON>(
      "POST",
      "/api/auth/reauth/passkey/options",
      { token: tech.token },
    );
    assert.equal(techsChallenge.status, 409);
    assert.deepEqual(techsChallenge.body, { message: PASSKEY_MESSAGES.noPasskeys });
    assert.deepEqual(
      (await refusals(ctx)).map((r) => r.changes.reason?.to),
      ["challenge", "challenge", "challenge"],
    );
  });
});

Deno.test("a passkey step-up on a token from before sessions opens a session, as the password's does", async () => {
  await withContext(async (ctx) => {
    const legacy = await ctx.tokens.sign(ctx.admin);
    const passkey = softwarePasskey(ctx.config.passkeys);
    await registerPasskey(ctx, legacy, passkey);
    ctx.clock.advance(11 * MINUTE);
    assert.equal(await exportStatus(ctx, legacy), 401);
    const res = await reauth(ctx, legacy, passkey.assert((await reauthOptions(ctx, legacy)).body));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(await exportStatus(ctx, res.body.token), 200);
    const [session] = await ctx.sql<{ factors: string[] }[]>`select factors from staff_sessions`;
    assert.deepEqual(session?.factors, ["passkey"]);
  });
});

Deno.test("passkey step-ups are under the login limits of the person's account", async () => {
  await withContext(
    async (ctx) => {
      const { token } = await adminWithPasskey(ctx);
      const stranger = softwarePasskey(ctx.config.passkeys);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await reauth(ctx, token, stranger.assert((await reauthOptions(ctx, token)).body))).status);
      }
      assert.deepEqual(statuses, [400, 400, 400, 400, 400, 429]);
    },
    { LOGIN_LIMIT_PER_ACCOUNT: "5" },
  );
});

Deno.test("adding or removing a passkey an hour after sign-in asks to confirm it's you first", async () => {
  await withContext(async (ctx) => {
    const { token } = (await passwordLogin(ctx, TEST_ADMIN.email, TEST_ADMIN.password)).body;
    const passkey = softwarePasskey(ctx.config.passkeys);
    const added = await registerPasskey(ctx, token, passkey);
    ctx.clock.advance(60 * MINUTE);
    const options = await ctx.request<{ reauth?: boolean }>("POST", "/api/account/passkeys/options", { token });
    assert.equal(options.status, 401);
    assert.equal(options.body.reauth, true);
    const removed = await ctx.request("DELETE", `/api/account/passkeys/${added._id}`, { token });
    assert.equal(removed.status, 401);
    assert.equal((await ctx.sql`select 1 from staff_passkeys`).length, 1, "the passkey is still there");

    const confirmed = await reauth(ctx, token, passkey.assert((await reauthOptions(ctx, token)).body));
    assert.equal(confirmed.status, 200);
    assert.equal((await ctx.request("POST", "/api/account/passkeys/options", { token })).status, 200);
    assert.equal((await ctx.request("DELETE", `/api/account/passkeys/${added._id}`, { token })).status, 204);
  });
});
