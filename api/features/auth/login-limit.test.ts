import assert from "node:assert/strict";
import { createTestContext, TEST_ADMIN } from "../../testing/context.ts";

const statuses = (answers: { status: number }[]) => {
  const count: Record<number, number> = {};
  for (const { status } of answers) count[status] = (count[status] ?? 0) + 1;
  return count;
};

Deno.test("login limit: parallel guesses cannot all pass the check before any of them is counted", async (t) => {
  let lookups = 0;
  let failLookups = false;
  const ctx = await createTestContext({
    env: { TRUST_PROXY: "true", LOGIN_LIMIT_PER_IP: "3", LOGIN_LIMIT_PER_ACCOUNT: "5" },
    // The e-mail is looked up right before the password is verified: each lookup is one guess checked.
    deps: (deps) => {
      const admins = deps.repos.admins;
      const findByEmail: typeof admins.findByEmail = (email) => {
        lookups += 1;
        return failLookups ? Promise.reject(new Error("connection lost")) : admins.findByEmail(email);
      };
      return { ...deps, repos: { ...deps.repos, admins: { ...admins, findByEmail } } };
    },
  });
  const login = (password: string, ip: string) =>
    ctx.request("POST", "/api/auth/login", {
      body: { email: TEST_ADMIN.email, password },
      headers: { "X-Forwarded-For": ip },
    });
  const nextWindow = () => ctx.clock.advance(15 * 60 * 1000 + 1);

  try {
    await t.step(
      "30 wrong passwords at once from one address: 3 reach verification and answer 401, 27 are 429",
      async () => {
        lookups = 0;
        const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(`guess ${i}`, "198.51.100.7")));
        assert.equal(lookups, 3, "password verifications");
        assert.deepEqual(statuses(answers), { 401: 3, 429: 27 });
        for (const res of answers.filter((a) => a.status === 429)) {
          assert.ok(Number(res.headers.get("Retry-After")) > 0, "Retry-After");
        }
        // The refused guesses were not counted as failures past the limit: the window still ends on time.
        nextWindow();
        assert.equal((await login(TEST_ADMIN.password, "198.51.100.7")).status, 200);
      },
    );

    await t.step("30 wrong passwords at once from 30 addresses: the account's 5 are all that are checked", async () => {
      nextWindow();
      lookups = 0;
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(`guess ${i}`, `203.0.113.${i}`)));
      assert.equal(lookups, 5, "password verifications");
      assert.deepEqual(statuses(answers), { 401: 5, 429: 25 });
    });

    await t.step("a right password does not count as a failure, even when sent many times at once", async () => {
      nextWindow();
      const answers = await Promise.all(Array.from({ length: 3 }, () => login(TEST_ADMIN.password, "192.0.2.1")));
      assert.deepEqual(statuses(answers), { 200: 3 });
      // Two failures from another address still fit under the account's 5: the three successes left nothing.
      for (let i = 0; i < 2; i++) assert.equal((await login(`guess ${i}`, "192.0.2.2")).status, 401);
      assert.equal((await login(TEST_ADMIN.password, "192.0.2.3")).status, 200);
    });

    await t.step("a request that fails on the database is not counted as a wrong guess", async () => {
      nextWindow();
      failLookups = true;
      for (let i = 0; i < 3; i++) assert.equal((await login(`guess ${i}`, "192.0.2.9")).status, 500);
      failLookups = false;
      assert.equal((await login(TEST_ADMIN.password, "192.0.2.9")).status, 200, "the address has its 3 tries left");
    });

    await t.step(
      "30 wrong current passwords at once with a stolen token: 3 are checked (400), 27 are 429",
      async () => {
        nextWindow();
        const token = await ctx.tokens.sign(ctx.admin);
        const answers = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            ctx.request("PUT", "/api/auth/password", {
              token,
              body: { currentPassword: `guess ${i}`, newPassword: "a new long password" },
              headers: { "X-Forwarded-For": "192.0.2.10" },
            }),
          ),
        );
        assert.deepEqual(statuses(answers), { 400: 3, 429: 27 });
      },
    );
  } finally {
    await ctx.close();
  }
});
