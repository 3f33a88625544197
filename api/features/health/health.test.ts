import assert from "node:assert/strict";
import { connect } from "../../db/client.ts";
import { migrate } from "../../db/migrate.ts";
import { createTestContext } from "../../testing/context.ts";
import { createTestDatabase } from "../../testing/database.ts";
import { createReadinessCheck } from "./repo.ts";

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
      await unreachable.end();
    });
  } finally {
    await db.close();
  }
});
