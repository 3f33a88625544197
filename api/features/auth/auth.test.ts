import assert from "node:assert/strict";
import { SignJWT, UnsecuredJWT } from "jose";
import type { LoginResponse } from "../../contracts/staff/staff.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "../../platform/tokens.ts";
import { createTestContext, TEST_ADMIN, TEST_JWT_SECRET } from "../../testing/context.ts";

const hs256 = (claims: Record<string, unknown>, secret = TEST_JWT_SECRET) =>
  new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode(secret));

Deno.test("auth API", async (t) => {
  const ctx = await createTestContext();
  const login = (body: unknown, headers: Record<string, string> = {}) =>
    ctx.request<LoginResponse>("POST", "/api/auth/login", { body, headers });
  const listWith = (token: string) => ctx.request("GET", "/api/bookings", { token });

  try {
    await t.step("answers { token, user } for the right e-mail and password", async () => {
      const res = await login({ email: TEST_ADMIN.email.toUpperCase(), password: TEST_ADMIN.password });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.user, {
        _id: ctx.admin._id,
        email: TEST_ADMIN.email,
        name: "Test Admin",
        // The admin of ADMIN_EMAIL (as the test admin is made) is the owner since staff roles (decision 0030).
        role: "owner",
        // The language their screens are in, which the token does not carry.
        locale: "en",
      });
      assert.equal((await listWith(res.body.token)).status, 200, "the token opens admin endpoints");
    });

    await t.step("gives a wrong password and an unknown e-mail the same 401 text", async () => {
      const wrong = await login({ email: TEST_ADMIN.email, password: "wrong password" });
      const unknown = await login({ email: "nobody@example.com", password: "wrong password" });
      assert.equal(wrong.status, 401);
      assert.equal(unknown.status, 401);
      assert.deepEqual(wrong.body, { message: MESSAGES.invalidCredentials });
      assert.deepEqual(unknown.body, wrong.body);
    });

    await t.step("refuses a login without e-mail or password with 400", async () => {
      assert.equal((await login({ email: TEST_ADMIN.email })).status, 400);
      assert.equal((await login({ email: "", password: "x" })).status, 400);
      assert.equal((await login({ email: TEST_ADMIN.email, password: "" })).status, 400);
    });

    await t.step(
      "answers 429 with Retry-After after 10 failures from one address, even with the right password",
      async () => {
        const from = { "X-Forwarded-For": "203.0.113.7" };
        // Without TRUST_PROXY every test request counts as the same peer ("unknown").
        await ctx.deps.limiters.loginPerIp.reset("login:unknown");
        for (let i = 0; i < ctx.config.limits.loginFailuresPerIp; i++) {
          assert.equal((await login({ email: TEST_ADMIN.email, password: `guess ${i}` }, from)).status, 401);
        }
        const blocked = await login({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }, from);
        assert.equal(blocked.status, 429);
        assert.deepEqual(blocked.body, { message: MESSAGES.tooManyRequests });
        const retryAfter = Number(blocked.headers.get("Retry-After"));
        assert.ok(retryAfter > 0 && retryAfter <= 15 * 60, `Retry-After ${retryAfter}`);
      },
    );

    await t.step("lets the address try again once the 15-minute window has passed", async () => {
      ctx.clock.advance(15 * 60 * 1000 + 1);
      const res = await login({ email: TEST_ADMIN.email, password: TEST_ADMIN.password });
      assert.equal(res.status, 200);
    });

    await t.step("refuses admin endpoints without a token, and with a malformed header", async () => {
      const none = await ctx.request("GET", "/api/bookings");
      assert.equal(none.status, 401);
      assert.deepEqual(none.body, { message: MESSAGES.unauthorized });
      const basic = await ctx.request("GET", "/api/bookings", { headers: { Authorization: "Basic YWRtaW46YWRtaW4=" } });
      assert.equal(basic.status, 401);
      assert.equal((await listWith("not.a.jwt")).status, 401);
    });

    await t.step("refuses an expired token", async () => {
      const token = await ctx.tokens.sign(ctx.admin);
      ctx.clock.advance(12 * 60 * 60 * 1000 + 1000);
      const res = await listWith(token);
      assert.equal(res.status, 401);
      assert.deepEqual(res.body, { message: MESSAGES.unauthorized });
    });

    await t.step("refuses a tampered token (payload changed, signature kept)", async () => {
      const token = await ctx.tokens.sign(ctx.admin);
      const [header, payload, signature] = token.split(".");
      const claims = JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/")));
      const forged = btoa(JSON.stringify({ ...claims, email: "attacker@example.com" }))
        .replace(/=+$/, "")
        .replace(/\+/g, "-")
        .replace(/\//g, "_");
      assert.equal((await listWith(`${header}.${forged}.${signature}`)).status, 401);
    });

    await t.step("refuses an unsigned token (alg none)", async () => {
      const now = Math.floor(ctx.clock.now().getTime() / 1000);
      const unsigned = new UnsecuredJWT({ email: TEST_ADMIN.email, role: "admin" })
        .setSubject(ctx.admin._id)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .encode();
      assert.equal((await listWith(unsigned)).status, 401);
    });

    await t.step(
      "refuses tokens signed with another secret, for another audience or issuer, or without expiry",
      async () => {
        const now = Math.floor(ctx.clock.now().getTime() / 1000);
        const good = {
          sub: ctx.admin._id,
          email: TEST_ADMIN.email,
          role: "admin",
          iss: TOKEN_ISSUER,
          aud: TOKEN_AUDIENCE,
          iat: now,
          exp: now + 3600,
          ver: 1,
        };
        assert.equal((await listWith(await hs256(good))).status, 200, "the control token is accepted");
        const { ver: _ver, ...noVersion } = good;
        assert.equal((await listWith(await hs256(noVersion))).status, 401, "a token without a version");
        assert.equal((await listWith(await hs256({ ...good, ver: 2 }))).status, 401, "a version not issued yet");
        assert.equal((await listWith(await hs256({ ...good, ver: "1" }))).status, 401, "a version as text");
        const key = new TextEncoder().encode(TEST_JWT_SECRET);
        for (const alg of ["HS384", "HS512"]) {
          const other = await new SignJWT(good).setProtectedHeader({ alg }).sign(key);
          assert.equal((await listWith(other)).status, 401, `${alg} with the same secret is refused`);
        }
        assert.equal((await listWith(await hs256(good, "another-secret-that-is-long-enough-000000"))).status, 401);
        assert.equal((await listWith(await hs256({ ...good, aud: "someone-else" }))).status, 401);
        assert.equal((await listWith(await hs256({ ...good, iss: "someone-else" }))).status, 401);
        const { exp: _, ...noExpiry } = good;
        assert.equal((await listWith(await hs256(noExpiry))).status, 401);
        assert.equal((await listWith(await hs256({ ...good, role: "customer" }))).status, 401);
      },
    );
  } finally {
    await ctx.close();
  }
});
