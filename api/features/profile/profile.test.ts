import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import { DEFAULT_PROFILE, telHref } from "../../contracts/settings/profile.ts";
import { PROFILE_TEMPLATE } from "../../contracts/settings/profile-template.ts";
import { createTestContext } from "../../testing/context.ts";
import { profileInPage } from "../../testing/pages.ts";

Deno.test("profile API", async (t) => {
  const ctx = await createTestContext({ env: { BUSINESS_PHONE: "(980) 555-0100" } });
  try {
    await t.step("answers the business profile from config, founded 2010 in Charlotte", async () => {
      const res = await ctx.request<BusinessProfile>("GET", "/api/profile");
      assert.equal(res.status, 200);
      assert.equal(res.body.name, "ClearFlow Duct & Vent Cleaning");
      assert.equal(res.body.shortName, "ClearFlow");
      assert.equal(res.body.phone, "(980) 555-0100");
      assert.equal(res.body.email, "hello@clearflowclean.com");
      assert.deepEqual(res.body.address, { street: "4521 South Blvd", city: "Charlotte", state: "NC", zip: "28209" });
      assert.equal(res.body.serviceArea, "the Charlotte area");
      assert.equal(res.body.founded, 2010);
      assert.equal(res.body.timeZone, "America/New_York");
      assert.equal(res.body.hours, "Mon-Sun 7:00 AM - 7:00 PM");
      assert.equal(res.body.hoursShort, "Mon-Sun: 7:00AM - 7:00PM / Sat-close");
      assert.equal(res.body.hoursText, "Mon-Sun 7:00 AM to 7:00 PM, Saturday closed");
      assert.deepEqual(res.body.claims, {
        years: "15+",
        clients: "1500+",
        projects: "5000+",
        satisfaction: "98%",
        technicians: "15+",
        emergency: "24/7",
      });
      assert.equal(res.body.certifications.length, 4);
    });
  } finally {
    await ctx.close();
  }
});

/** Every BUSINESS_* variable set to another business than the default one. */
const OTHER_BUSINESS = {
  BUSINESS_NAME: "Blue Ridge Air Care",
  BUSINESS_SHORT_NAME: "Blue Ridge",
  BUSINESS_PHONE: "(828) 555-0199",
  BUSINESS_EMAIL: "office@blueridge.example",
  BUSINESS_STREET: "9 Depot St",
  BUSINESS_CITY: "Roanoke",
  BUSINESS_STATE: "va",
  BUSINESS_ZIP: "24001",
  BUSINESS_SERVICE_AREA: "the Roanoke Valley",
  BUSINESS_HOURS: "Mon-Fri 8:00 AM - 5:00 PM",
  BUSINESS_HOURS_SHORT: "Mon-Fri: 8AM - 5PM",
  BUSINESS_HOURS_TEXT: "Monday to Friday, 8:00 AM to 5:00 PM",
};

/** What of the default profile may not appear anywhere in another business's pages. */
const DEFAULT_TRACES = [
  DEFAULT_PROFILE.name,
  DEFAULT_PROFILE.shortName,
  DEFAULT_PROFILE.phone,
  telHref(DEFAULT_PROFILE.phone),
  DEFAULT_PROFILE.email,
  DEFAULT_PROFILE.address.street,
  DEFAULT_PROFILE.address.city,
  DEFAULT_PROFILE.address.zip,
  DEFAULT_PROFILE.hours,
  DEFAULT_PROFILE.hoursShort,
  DEFAULT_PROFILE.hoursText,
  "North Carolina",
  ", NC ",
];

/**
 * A built PWA: the real index.html (its head carries the title and description marks), and a prerendered page whose
 * markup prints the profile in every form the pages use, written from the template as the build renders it.
 */
async function builtPwa(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "profile-pwa-"));
  const shell = await readFile(new URL("../../../pwa/index.html", import.meta.url), "utf8");
  const T = PROFILE_TEMPLATE;
  const markup =
    `<div class="top-bar"><a href="${telHref(T.phone)}">${T.phone}</a> ${T.hoursShort}</div>` +
    `<a class="brand" href="/">${T.shortName}</a><h1>About ${T.shortName}</h1>` +
    `<p>Serving ${T.address.city} and ${T.serviceArea}. We are open ${T.hoursText} (${T.hours}).</p>` +
    `<address>${T.name}, ${T.address.street}, ${T.address.city}, ${T.address.state} ${T.address.zip}` +
    ` <a href="mailto:${T.email}">${T.email}</a></address>`;
  await mkdir(join(dir, "about"), { recursive: true });
  await writeFile(join(dir, "index.html"), shell);
  await writeFile(join(dir, "shell.html"), shell);
  await writeFile(
    join(dir, "about", "index.html"),
    shell.replace('<div id="root"></div>', `<div id="root">${markup}</div>`),
  );
  const manifest = { name: DEFAULT_PROFILE.name, short_name: DEFAULT_PROFILE.shortName, start_url: "/" };
  await writeFile(join(dir, "manifest.webmanifest"), JSON.stringify(manifest));
  return dir;
}

Deno.test("served pages and the manifest carry the configured business, none of the default one", async (t) => {
  const dist = await builtPwa();
  const ctx = await createTestContext({ env: { ...OTHER_BUSINESS, PWA_DIST: dist } });
  try {
    const profile = (await ctx.request<BusinessProfile>("GET", "/api/profile")).body;
    assert.equal(profile.address.state, "VA");

    await t.step(
      "a prerendered page: the phone, name and address in head and markup, and the profile as JSON",
      async () => {
        const res = await ctx.request<string>("GET", "/about");
        assert.equal(res.status, 200);
        const html = res.body;
        assert.match(html, /<title>Blue Ridge Air Care<\/title>/);
        assert.match(html, /content="Air duct, dryer vent and HVAC cleaning in the Roanoke Valley\./);
        assert.ok(html.includes('<a href="tel:8285550199">(828) 555-0199</a>'));
        assert.ok(html.includes("<h1>About Blue Ridge</h1>"));
        assert.ok(html.includes("Blue Ridge Air Care, 9 Depot St, Roanoke, VA 24001"));
        assert.ok(html.includes("We are open Monday to Friday, 8:00 AM to 5:00 PM (Mon-Fri 8:00 AM - 5:00 PM)."));
        assert.ok(html.includes("Mon-Fri: 8AM - 5PM"));
        assert.deepEqual(profileInPage(html), profile);
        for (const trace of DEFAULT_TRACES) assert.ok(!html.includes(trace), `"${trace}" in the served page`);
        assert.doesNotMatch(html, /__PROFILE_/);
      },
    );

    await t.step("the shell of every other address and the home page too", async () => {
      for (const path of ["/", "/dashboard", "/privacy"]) {
        const html = (await ctx.request<string>("GET", path)).body;
        assert.match(html, /<title>Blue Ridge Air Care<\/title>/, path);
        assert.ok(html.includes('"phone":"(828) 555-0199"'), path);
        for (const trace of DEFAULT_TRACES) assert.ok(!html.includes(trace), `"${trace}" in ${path}`);
      }
    });

    await t.step("the manifest: the installed app is named after the business", async () => {
      const res = await ctx.request<{ name: string; short_name: string }>("GET", "/manifest.webmanifest");
      assert.equal(res.status, 200);
      assert.equal(res.body.name, "Blue Ridge Air Care");
      assert.equal(res.body.short_name, "Blue Ridge");
      for (const trace of DEFAULT_TRACES) assert.ok(!JSON.stringify(res.body).includes(trace), trace);
    });
  } finally {
    await ctx.close();
    await rm(dist, { recursive: true });
  }
});
