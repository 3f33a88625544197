import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_PROFILE } from "../../contracts/settings/profile.ts";
import { PROFILE_TEMPLATE } from "../../contracts/settings/profile-template.ts";
import { createTestContext } from "../../testing/context.ts";
import { profileInPage } from "../../testing/pages.ts";

const PAGE =
  `<html><head><title>${PROFILE_TEMPLATE.name}</title></head>` +
  `<body><div id="root"><p>${PROFILE_TEMPLATE.phone}</p></div></body></html>`;

Deno.test("served pages: the HTML and the manifest follow a settings change before any script runs", async () => {
  const dir = await mkdtemp(join(tmpdir(), "settings-pages-"));
  await writeFile(join(dir, "index.html"), PAGE);
  await writeFile(join(dir, "manifest.webmanifest"), JSON.stringify({ name: "x", short_name: "x" }));
  const ctx = await createTestContext({ env: { PWA_DIST: dir } });
  try {
    const before = await (await ctx.app.request("/")).text();
    assert.ok(before.includes(`<p>${DEFAULT_PROFILE.phone}</p>`));
    const res = await ctx.asAdmin("PUT", "/api/settings", {
      body: { profile: { phone: "(704) 555-0100", shortName: "FreshAir" }, hours: { sunday: null } },
    });
    assert.equal(res.status, 200);
    const after = await (await ctx.app.request("/")).text();
    assert.ok(after.includes("<p>(704) 555-0100</p>"), "the new phone in the HTML as served");
    assert.ok(!after.includes(DEFAULT_PROFILE.phone), "never the old one");
    const embedded = profileInPage(after) as { phone: string; bookingRules: { hours: { sunday: unknown } } };
    assert.equal(embedded.phone, "(704) 555-0100");
    assert.equal(embedded.bookingRules.hours.sunday, null, "the page's profile carries the rules too");
    const { es } = profileInPage(after) as { es: { hoursShort: string; serviceArea: string } };
    assert.equal(es.hoursShort, "lun-vie: 7:00 a.m. - 7:00 p.m. / sáb y dom: cerrado", "and the Spanish hours");
    assert.equal(es.serviceArea, "el área de Charlotte");
    const manifest = await (await ctx.app.request("/manifest.webmanifest")).json();
    assert.equal(manifest.short_name, "FreshAir");
  } finally {
    await ctx.close();
    await rm(dir, { recursive: true });
  }
});
