import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BusinessProfile } from "../contracts/settings/profile.ts";
import { DEFAULT_PROFILE, telHref } from "../contracts/settings/profile.ts";
import { PROFILE_TEMPLATE } from "../contracts/settings/profile-template.ts";
import { profileInPage } from "../testing/pages.ts";
import { pwaRoutes } from "./pwa-static.ts";

const defaults = () => DEFAULT_PROFILE;

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
    const app = pwaRoutes(dir, defaults);

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
    const res = await get(pwaRoutes(dir, defaults), "/dashboard");
    assert.equal(res.status, 200);
    assert.equal(res.body, "the shell");
  } finally {
    await rm(dir, { recursive: true });
  }
});

const OTHER: BusinessProfile = {
  ...DEFAULT_PROFILE,
  name: "Blue Ridge Air & Vent <Pros>",
  shortName: "Blue Ridge",
  phone: "(828) 555-0199",
  email: "office@blueridge.example",
  address: { street: "9 Depot St", city: "Asheville", state: "VA", zip: "24001" },
};

/** A page as the build writes it: the profile's marks in the head and in the rendered markup. */
const T = PROFILE_TEMPLATE;
const TEMPLATE_PAGE =
  `<!doctype html><html><head><title>${T.name}</title></head><body><div id="root">` +
  `<a href="${telHref(T.phone)}">${T.phone}</a> <a href="mailto:${T.email}">${T.email}</a>` +
  `<p>${T.shortName}, ${T.address.city}, ${T.address.state}</p></div></body></html>`;

Deno.test("pages and the manifest are served with the current profile, refilled when it changes", async (t) => {
  const dir = await dist({
    "index.html": TEMPLATE_PAGE,
    "shell.html": TEMPLATE_PAGE.replace(/<div id="root">.*<\/div>/, '<div id="root"></div>'),
    "manifest.webmanifest": JSON.stringify({ name: DEFAULT_PROFILE.name, short_name: "ClearFlow", start_url: "/" }),
  });
  let current = OTHER;
  const app = pwaRoutes(dir, () => current);
  try {
    await t.step("the marks are filled, HTML-escaped, and the profile is in the head as JSON", async () => {
      const home = await get(app, "/");
      assert.equal(home.status, 200);
      assert.match(home.body, /<title>Blue Ridge Air &amp; Vent &lt;Pros&gt;<\/title>/);
      assert.ok(home.body.includes('<a href="tel:8285550199">(828) 555-0199</a>'));
      assert.ok(home.body.includes('<a href="mailto:office@blueridge.example">office@blueridge.example</a>'));
      assert.ok(home.body.includes("<p>Blue Ridge, Asheville, VA</p>"));
      assert.doesNotMatch(home.body, /__PROFILE_/);
      assert.deepEqual(profileInPage(home.body), OTHER);
      assert.equal(home.cacheControl, "no-cache");
      const shell = await get(app, "/dashboard");
      assert.deepEqual(profileInPage(shell.body), OTHER);
      assert.match(shell.body, /<title>Blue Ridge Air &amp; Vent &lt;Pros&gt;<\/title>/);
    });

    await t.step("the manifest names the app after the profile", async () => {
      const res = await app.request("/manifest.webmanifest");
      assert.equal(res.headers.get("Cache-Control"), "no-cache");
      const manifest = await res.json();
      assert.equal(manifest.name, OTHER.name);
      assert.equal(manifest.short_name, "Blue Ridge");
      assert.equal(manifest.start_url, "/");
    });

    await t.step("a profile changed while running is what the next request gets", async () => {
      current = { ...OTHER, phone: "(828) 555-0100" };
      const home = await get(app, "/");
      assert.ok(home.body.includes('<a href="tel:8285550100">(828) 555-0100</a>'));
      assert.ok(!home.body.includes("0199"));
      assert.equal((await (await app.request("/manifest.webmanifest")).json()).short_name, "Blue Ridge");
    });

    await t.step("a page replaced on disk is read again", async () => {
      await writeFile(join(dir, "index.html"), `<html><head></head><body>${T.address.zip} and more</body></html>`);
      assert.match((await get(app, "/")).body, /<body>24001 and more<\/body>/);
    });

    await t.step("no text in the profile can close its data block or add markup", async () => {
      current = { ...OTHER, name: "A</script><script>alert(1)</script>", shortName: "<img src=x>" };
      const shell = await get(app, "/dashboard");
      assert.ok(!shell.body.includes("<script>alert"));
      assert.ok(!shell.body.includes("<img"));
      assert.deepEqual(profileInPage(shell.body), current);
    });

    await t.step("HEAD answers the headers of the filled page without a body", async () => {
      const res = await app.request("/", { method: "HEAD" });
      assert.equal(res.status, 200);
      assert.match(res.headers.get("Content-Type") ?? "", /text\/html/);
      assert.equal(await res.text(), "");
    });
  } finally {
    await rm(dir, { recursive: true });
  }
});
