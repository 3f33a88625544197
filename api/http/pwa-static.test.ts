import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pwaRoutes } from "./pwa-static.ts";

/** A built PWA in a temp folder: `files` maps a path to its content. */
async function dist(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "pwa-static-"));
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(dir, path, ".."), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return dir;
}

async function get(app: ReturnType<typeof pwaRoutes>, path: string) {
  const res = await app.request(path);
  return { status: res.status, body: await res.text(), cacheControl: res.headers.get("Cache-Control") };
}

Deno.test("prerendered pages, and the empty shell for every other address", async (t) => {
  const dir = await dist({
    "index.html": "home page",
    "shell.html": "empty shell",
    "about/index.html": "about page",
    "services/air-duct-cleaning/index.html": "air duct page",
    "assets/index-a1b2c3.js": "console.log('app');",
    "sw.js": "// worker",
  });
  try {
    const app = pwaRoutes(dir);

    await t.step("a public page is its directory's index.html, revalidated each time", async () => {
      for (const [path, body] of [
        ["/", "home page"],
        ["/about", "about page"],
        ["/about/", "about page"],
        ["/services/air-duct-cleaning", "air duct page"],
      ]) {
        const res = await get(app, path!);
        assert.equal(res.status, 200, path);
        assert.equal(res.body, body, path);
        assert.equal(res.cacheControl, "no-cache", path);
      }
    });

    await t.step("any other address gets shell.html, never the home page", async () => {
      for (const path of ["/dashboard", "/login", "/booking/manage/abc", "/services/unknown", "/no/such/page"]) {
        const res = await get(app, path);
        assert.equal(res.status, 200, path);
        assert.equal(res.body, "empty shell", path);
        assert.equal(res.cacheControl, "no-cache", path);
      }
      assert.equal((await get(app, "/shell.html")).cacheControl, "no-cache");
    });

    await t.step("hashed assets are immutable, and a missing one is a 404, not HTML", async () => {
      const asset = await get(app, "/assets/index-a1b2c3.js");
      assert.equal(asset.cacheControl, "public, max-age=31536000, immutable");
      const missing = await get(app, "/assets/missing.js");
      assert.equal(missing.status, 404);
      assert.equal(missing.body, "Not found");
      assert.equal((await get(app, "/sw.js")).cacheControl, "no-cache");
    });
  } finally {
    await rm(dir, { recursive: true });
  }
});

Deno.test("a build without shell.html falls back to index.html", async () => {
  const dir = await dist({ "index.html": "the shell" });
  try {
    const res = await get(pwaRoutes(dir), "/dashboard");
    assert.equal(res.status, 200);
    assert.equal(res.body, "the shell");
  } finally {
    await rm(dir, { recursive: true });
  }
});
