import assert from "node:assert/strict";
import type { LoginResponse } from "../../contracts/staff/staff.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { createTestContext, TEST_ADMIN, TEST_PASSWORD_COST } from "../../testing/context.ts";
import { ensureAdmin } from "./bootstrap.ts";

Deno.test("token revocation: logout, password change, a new ADMIN_PASSWORD", async (t) => {
  const ctx = await createTestContext();
  const listWith = (token: string) => ctx.request("GET", "/api/bookings", { token });
  const login = async (password = TEST_ADMIN.password) => {
    const res = await ctx.request<LoginResponse>("POST", "/api/auth/login", {
      body: { email: TEST_ADMIN.email, password },
    });
    assert.equal(res.status, 200, `login with ${password}`);
    return res.body.token;
  };
  const changePassword = (token: string, body: unknown) =>
    ctx.request<LoginResponse>("PUT", "/api/auth/password", { token, body });

  try {
    await t.step("logout ends this session on the server: a copy of its token stops working", async () => {
      const token = await login();
      const copy = token;
      const otherDevice = await login();
      assert.equal((await listWith(copy)).status, 200);
      const out = await ctx.request("POST", "/api/auth/logout", { token });
      assert.equal(out.status, 204);
      assert.equal((await listWith(copy)).status, 401, "the copied token is dead");
      assert.equal((await listWith(otherDevice)).status, 200, "the admin's other devices stay signed in");
      assert.equal(await ctx.tokens.authenticate(copy), null, "and a socket handshake with it is refused");
      assert.equal(ctx.events.events.at(-1)?.event, "sessionRevoked", "its open sockets are told to close");
      assert.equal((await ctx.request("POST", "/api/auth/logout", { token })).status, 401);
      assert.equal((await listWith(await login())).status, 200, "logging in again works");
    });

    await t.step("logout with a token from before sessions revokes every token of the person, as it did", async () => {
      const legacy = await ctx.tokens.sign(ctx.admin);
      const other = await login();
      assert.equal((await ctx.request("POST", "/api/auth/logout", { token: legacy })).status, 204);
      assert.equal((await listWith(legacy)).status, 401);
      assert.equal((await listWith(other)).status, 401);
    });

    await t.step("logout without a token is 401", async () => {
      const res = await ctx.request("POST", "/api/auth/logout");
      assert.equal(res.status, 401);
      assert.deepEqual(res.body, { message: MESSAGES.unauthorized });
    });

    await t.step("a password change needs the current password and 12+ characters", async () => {
      const token = await login();
      const wrong = await changePassword(token, { currentPassword: "not it", newPassword: "a brand new password" });
      assert.equal(wrong.status, 400);
      assert.equal((wrong.body as unknown as { message: string }).message, MESSAGES.wrongCurrentPassword);
      const short = await changePassword(token, { currentPassword: TEST_ADMIN.password, newPassword: "too short" });
      assert.equal(short.status, 400);
      const same = await changePassword(token, {
        currentPassword: TEST_ADMIN.password,
        newPassword: TEST_ADMIN.password,
      });
      assert.equal(same.status, 400);
      assert.equal((await listWith(token)).status, 200, "a refused change revokes nothing");
      assert.equal((await changePassword("", { currentPassword: "x", newPassword: "y".repeat(12) })).status, 401);
    });

    await t.step("a password change revokes every earlier token and answers a fresh one", async () => {
      const first = await login();
      const second = await login();
      const newPassword = "a much better passphrase";
      const res = await changePassword(first, { currentPassword: TEST_ADMIN.password, newPassword });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.user, ctx.admin, "the user, without its hash");
      assert.equal((await listWith(first)).status, 401);
      assert.equal((await listWith(second)).status, 401);
      assert.equal((await listWith(res.body.token)).status, 200, "the answered token works");
      assert.deepEqual(
        ctx.events.events.filter((e) => e.event === "tokensRevoked").at(-1),
        { event: "tokensRevoked", payload: { adminId: ctx.admin._id } },
        "the admin's open sockets are told to close",
      );
      const old = await ctx.request("POST", "/api/auth/login", {
        body: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
      });
      assert.equal(old.status, 401, "the old password no longer logs in");
      await login(newPassword);
    });

    await t.step("a changed ADMIN_PASSWORD at start revokes the tokens; an unchanged one does not", async () => {
      const current = "a much better passphrase";
      const token = await login(current);
      const start = (password: string) =>
        ensureAdmin(ctx.repos.admins, {
          adminEmail: TEST_ADMIN.email,
          adminPassword: password,
          embedded: false,
          announce: () => {},
          passwordCost: TEST_PASSWORD_COST,
        });
      await start(current);
      assert.equal((await listWith(token)).status, 200, "a restart with the same password keeps sessions");
      await start("the password set by the operator");
      assert.equal((await listWith(token)).status, 401, "a new ADMIN_PASSWORD ends them");
      await login("the password set by the operator");
    });
  } finally {
    await ctx.close();
  }
});
