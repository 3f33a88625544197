import assert from "node:assert/strict";
import { connect } from "../../db/client.ts";
import { migrate } from "../../db/migrate.ts";
import { createTestContext } from "../../testing/context.ts";
import { createTestDatabase } from "../../testing/database.ts";
import { createReadinessCheck } from "./repo.ts";
import { healthRoutes, NOT_READY } from "./routes.ts";

Deno.test("health API", async (t) => {
  const ctx = await createTestContext();
  try {
    await t.step("answers healthz with { status: 'ok' }", async () => {
      const res = await ctx.request("GET", "/api/healthz");
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { status: "ok" });
    });

    await t.step("answers readyz 200 when the database answers and migrations are current", async () => {
      const res = await ctx.request("GET", "/api/readyz");
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { status: "ok" });
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("readiness", async (t) => {
  const db = await createTestDatabase({ migrated: false });
  try {
    await t.step("is not ready before the migrations ran, and ready after", async () => {
      const ready = createReadinessCheck(db.sql);
      assert.equal(await ready(), false);
      await migrate(db.sql);
      assert.equal(await ready(), true);
    });

    await t.step("answers readyz 503 when the database cannot be reached", async () => {
      const unreachable = connect("postgres://postgres@127.0.0.1:1/none", { max: 1 });
      const ctx = await createTestContext({
        db,
        deps: (deps) => ({ ...deps, repos: { ...deps.repos, ready: createReadinessCheck(unreachable) } }),
      });
      const res = await ctx.request("GET", "/api/readyz");
      assert.equal(res.status, 503);
      assert.deepEqual(res.body, { status: "unavailable", message: NOT_READY.unreachable });
      await unreachable.end();
    });
  } finally {
    await db.close();
  }
});

Deno.test("readyz 503 answers { status, message } naming what is not ready", async (t) => {
  const readyz = async (ready: () => Promise<boolean>) => {
    const res = await healthRoutes({ ready, timeoutMs: 50 }).request("/readyz");
    return { status: res.status, body: await res.json(), cache: res.headers.get("Cache-Control") };
  };

  await t.step("a check that says no", async () => {
    assert.deepEqual(await readyz(() => Promise.resolve(false)), {
      status: 503,
      body: { status: "unavailable", message: NOT_READY.refused },
      cache: "no-store",
    });
  });

  await t.step("a database that does not answer in time", async () => {
    let release = () => {};
    const hanging = new Promise<boolean>((resolve) => (release = () => resolve(true)));
    const res = await readyz(() => hanging);
    release();
    assert.deepEqual(res.body, { status: "unavailable", message: NOT_READY.timeout });
  });

  await t.step("a database that cannot be queried", async () => {
    const res = await readyz(() => Promise.reject(Object.assign(new Error("refused"), { code: "ECONNREFUSED" })));
    assert.deepEqual(res.body, { status: "unavailable", message: NOT_READY.unreachable });
  });
});
