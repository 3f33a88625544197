import assert from "node:assert/strict";
import { gunzipSync } from "node:zlib";
import { Buffer } from "node:buffer";
import type { Service } from "../contracts/services/service.ts";
import { createTestContext, type TestContext } from "../testing/context.ts";
import { serviceBody } from "../testing/fixtures.ts";
import { twoInstances } from "../testing/instances.ts";
import { needsService, serviceUrl } from "../testing/services.ts";

const get = (ctx: TestContext, path: string, headers: Record<string, string> = {}) =>
  ctx.app.request(path, { headers });

Deno.test("HTTP caching: ETag and 304 on services and profile, new ETag after a write", async () => {
  const ctx = await createTestContext();
  try {
    for (const path of ["/api/services", "/api/services/dryer-vent-cleaning", "/api/profile"]) {
      const first = await get(ctx, path);
      assert.equal(first.status, 200, path);
      const tag = first.headers.get("ETag");
      assert.match(tag ?? "", /^"[^"]+"$/, path);
      assert.equal(first.headers.get("Cache-Control"), "no-cache", path);
      await first.body?.cancel();
      const again = await get(ctx, path, { "If-None-Match": tag! });
      assert.equal(again.status, 304, path);
      assert.equal(again.headers.get("ETag"), tag, path);
      assert.equal(await again.text(), "", path);
      // A weak form of the same tag, as a proxy that compressed it would send back, still matches.
      assert.equal((await get(ctx, path, { "If-None-Match": `W/${tag}` })).status, 304, path);
      const stale = await get(ctx, path, { "If-None-Match": '"something-else"' });
      assert.equal(stale.status, 200, path);
      await stale.body?.cancel();
    }

    const before = (await get(ctx, "/api/services")).headers.get("ETag")!;
    const updated = await ctx.asAdmin("PUT", "/api/services/chimney-cleaning", {
      body: serviceBody({ title: "Chimney Sweep" }),
    });
    assert.equal(updated.status, 200);
    const after = await get(ctx, "/api/services", { "If-None-Match": before });
    assert.equal(after.status, 200, "the old tag no longer matches once a service changed");
    const list = (await after.json()) as Service[];
    assert.equal(list.find((s) => s._id === "chimney-cleaning")?.title, "Chimney Sweep");
  } finally {
    await ctx.close();
  }
});

Deno.test("HTTP caching: gzip only for a client that accepts it, always with Vary", async () => {
  const ctx = await createTestContext();
  try {
    const plain = await get(ctx, "/api/services");
    const plainText = await plain.text();
    assert.equal(plain.headers.get("Content-Encoding"), null);
    assert.match(plain.headers.get("Vary") ?? "", /Accept-Encoding/i);

    const zipped = await get(ctx, "/api/services", { "Accept-Encoding": "br;q=1, gzip;q=0.8" });
    assert.equal(zipped.headers.get("Content-Encoding"), "gzip");
    const bytes = Buffer.from(await zipped.arrayBuffer());
    assert.ok(bytes.length < plainText.length / 2, `gzip shrinks the list (${bytes.length} of ${plainText.length})`);
    assert.equal(gunzipSync(bytes).toString("utf8"), plainText);

    const refused = await get(ctx, "/api/services", { "Accept-Encoding": "identity" });
    assert.equal(refused.headers.get("Content-Encoding"), null);
    await refused.body?.cancel();
  } finally {
    await ctx.close();
  }
});

const redis = needsService("TEST_REDIS_URL");

Deno.test({
  name: "services cache: a write on one instance is seen by the next read on another (Redis pub/sub)",
  ignore: redis.ignore,
  async fn() {
    const { a, b, close } = await twoInstances(serviceUrl("TEST_REDIS_URL"));
    const titleOn = async (ctx: TestContext) => {
      const list = (await (await get(ctx, "/api/services")).json()) as Service[];
      return list.find((s) => s._id === "chimney-cleaning")?.title;
    };
    try {
      // Both instances hold the list in memory before the write.
      assert.equal(await titleOn(a), "Chimney Cleaning");
      assert.equal(await titleOn(b), "Chimney Cleaning");
      const res = await a.asAdmin("PUT", "/api/services/chimney-cleaning", {
        body: serviceBody({ title: "Flue Care" }),
      });
      assert.equal(res.status, 200);
      assert.equal(await titleOn(a), "Flue Care", "the writer's own next read");
      // The message travels through Redis: a few milliseconds, well within this bound.
      const deadline = Date.now() + 2000;
      let seen = await titleOn(b);
      while (seen !== "Flue Care" && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen = await titleOn(b);
      }
      assert.equal(seen, "Flue Care", "the other instance dropped its copy");
    } finally {
      await close();
    }
  },
});
