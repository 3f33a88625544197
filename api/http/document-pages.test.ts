import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PAGE_DATA_ID } from "../contracts/common/page-data.ts";
import type { DataEnvelope } from "../contracts/common/wire.ts";
import type { Estimate } from "../contracts/estimates/estimate.ts";
import { createTestContext } from "../testing/context.ts";
import { newBooking, priceBookByName } from "../testing/estimates.ts";
import { bookingBody } from "../testing/fixtures.ts";
import { customerCookie, signInCustomer } from "../testing/portal.ts";

const SHELL = `<html><head><title>Shell</title></head><body><div id="root"></div></body></html>`;
const TEMPLATE = `<html lang="en"><head><title>Document</title></head><body><div id="root"></div></body></html>`;
// The build's renderer, as far as the server is concerned: it renders a path with a profile and the page's data.
const RENDERER = `
export async function renderPage(path, profile, data, locale) {
  if (JSON.stringify(data).includes("Breaks the renderer")) throw new Error("the renderer broke");
  const [view] = Object.values(data);
  const what = view.number ?? view.email;
  return { head: '<link rel="preload" href="/hint"><meta name="rendered-in" content="' + locale + '">', root: "<main>" + path + " for " + profile.name + ": " + what + "</main>" };
}`;

async function fakeBuild(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "document-pages-"));
  await mkdir(join(dir, "documents"));
  await mkdir(join(dir, "server"));
  await writeFile(join(dir, "index.html"), SHELL);
  await writeFile(join(dir, "shell.html"), SHELL);
  for (const template of ["estimate", "portal", "portal-visit"]) {
    await writeFile(join(dir, "documents", `${template}.html`), TEMPLATE);
  }
  await writeFile(join(dir, "server", "render.js"), RENDERER);
  return dir;
}

Deno.test("an estimate's page is rendered with the estimate on the server, and sent with its data", async (t) => {
  const dist = await fakeBuild();
  const ctx = await createTestContext({ env: { PWA_DIST: dist } });
  try {
    const bookingId = await newBooking(ctx);
    const item = [...(await priceBookByName(ctx)).values()][0]!;
    const made = await ctx.asAdmin<DataEnvelope<Estimate>>("POST", "/api/estimates", {
      body: {
        bookingId,
        options: [{ title: "Good <b>deal</b>", lines: [{ priceBookItemId: item._id, quantity: 1 }] }],
      },
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const { token, number } = made.body.data;

    await t.step("the document in the page, its data beside it, kept by no cache", async () => {
      const res = await ctx.app.request(`/estimates/${token}`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("Cache-Control"), "private, no-store");
      assert.match(res.headers.get("Content-Security-Policy") ?? "", /script-src/, "the site's security headers");
      const html = await res.text();
      assert.ok(html.includes(`<div id="root"><main>/estimates/${token} for ClearFlow`), html);
      assert.ok(html.includes(`: ${number}</main>`));
      assert.ok(html.includes('<link rel="preload" href="/hint">'), "the renderer's hints in the head");
      const block = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`).exec(html);
      assert.ok(block, "the data block");
      assert.ok(!block[1]!.includes("<"), "no value can close the block");
      const data = JSON.parse(block[1]!) as Record<string, { number: string; options: { title: string }[] }>;
      const api = await ctx.request<DataEnvelope<unknown>>("GET", `/api/estimates/by-token/${token}`);
      assert.deepEqual(data, { [`/api/estimates/by-token/${token}`]: api.body.data }, "what the page's read answers");
    });

    await t.step("for a customer who booked in Spanish, the page is written in Spanish", async () => {
      const english = await (await ctx.app.request(`/estimates/${token}`)).text();
      assert.ok(english.startsWith('<html lang="en" data-customer-lang>'), english.slice(0, 80));
      assert.ok(english.includes('<meta name="rendered-in" content="en">'));
      const spanishBooking = await newBooking(ctx, { locale: "es", email: "lucia.es@example.com" });
      const theirs = await ctx.asAdmin<DataEnvelope<Estimate>>("POST", "/api/estimates", {
        body: {
          bookingId: spanishBooking,
          options: [{ title: "Bueno", lines: [{ priceBookItemId: item._id, quantity: 1 }] }],
        },
      });
      assert.equal(theirs.status, 201, JSON.stringify(theirs.body));
      const html = await (await ctx.app.request(`/estimates/${theirs.body.data.token}`)).text();
      assert.ok(html.startsWith('<html lang="es" data-customer-lang>'), html.slice(0, 80));
      assert.ok(html.includes('<meta name="rendered-in" content="es">'), "the renderer was asked for Spanish");
    });

    await t.step("an unknown token gets the app shell, which says the estimate was not found", async () => {
      const res = await ctx.app.request(`/estimates/${"x".repeat(43)}`);
      assert.equal(res.status, 200);
      assert.ok((await res.text()).includes("<title>Shell</title>"));
    });

    await t.step("the server's own files are not the web's", async () => {
      assert.equal((await ctx.app.request("/server/render.js")).status, 404);
      assert.equal((await ctx.app.request("/documents/estimate.html")).status, 404);
    });

    await t.step("a page the renderer fails on is still served, as the app shell", async () => {
      const breaking = await ctx.asAdmin<DataEnvelope<Estimate>>("POST", "/api/estimates", {
        body: {
          bookingId,
          options: [{ title: "Breaks the renderer", lines: [{ priceBookItemId: item._id, quantity: 1 }] }],
        },
      });
      assert.equal(breaking.status, 201);
      const res = await ctx.app.request(`/estimates/${breaking.body.data.token}`);
      assert.equal(res.status, 200);
      assert.ok((await res.text()).includes("<title>Shell</title>"));
    });
  } finally {
    await ctx.close();
    await rm(dist, { recursive: true });
  }
});

const dataBlock = (html: string) => {
  const block = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`).exec(html);
  return block ? (JSON.parse(block[1]!) as Record<string, unknown>) : null;
};

Deno.test("the customer's own page and a visit are rendered with the signed-in customer's data only", async (t) => {
  const dist = await fakeBuild();
  const ctx = await createTestContext({ env: { PWA_DIST: dist } });
  try {
    const book = async (email: string) => {
      const res = await ctx.request<DataEnvelope<{ _id: string }>>("POST", "/api/bookings", {
        body: bookingBody({ email }),
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body.data._id;
    };
    const own = await book("dana.whitfield@example.com");
    const others = await book("rita@example.com");
    const dana = await signInCustomer(ctx, "dana.whitfield@example.com");
    const page = (path: string, session?: string) =>
      ctx.app.request(path, session ? { headers: { Cookie: customerCookie(session) } } : {});

    await t.step("/portal with the session's cookie: the page and every answer its script reads", async () => {
      const res = await page("/portal", dana);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("Cache-Control"), "private, no-store");
      const html = await res.text();
      assert.ok(html.includes('<div id="root"><main>/portal for ClearFlow'), html);
      assert.ok(html.includes(": dana.whitfield@example.com</main>"), "rendered for who is signed in");
      const data = dataBlock(html);
      const paths = [
        "/api/portal/sessions/current",
        "/api/portal/visits",
        "/api/portal/estimates",
        "/api/portal/invoices",
        "/api/portal/preferences",
        "/api/portal/sms-consent",
        "/api/portal/memberships",
        "/api/portal/memberships/offer",
        "/api/portal/language",
      ];
      assert.deepEqual(Object.keys(data ?? {}), paths);
      for (const path of paths) {
        const api = await ctx.request<DataEnvelope<unknown>>("GET", path, { token: dana });
        assert.deepEqual(data?.[path], api.body.data, path);
      }
      assert.ok(!html.includes(dana), "the session itself is never in the page");
      assert.ok(html.startsWith('<html lang="en" data-customer-lang>'), "in the language on Dana's record");
    });

    await t.step("a customer who chose Spanish gets their page written in Spanish", async () => {
      const put = await ctx.request("PUT", "/api/portal/language", { token: dana, body: { locale: "es" } });
      assert.equal(put.status, 200);
      for (const path of ["/portal", `/portal/visits/${own}`]) {
        const html = await (await page(path, dana)).text();
        assert.ok(html.startsWith('<html lang="es" data-customer-lang>'), path);
        assert.ok(html.includes('<meta name="rendered-in" content="es">'), `${path}: the renderer wrote Spanish`);
      }
    });

    await t.step("a visit's page: the customer's own visit rendered, another's left to the shell", async () => {
      const res = await page(`/portal/visits/${own}`, dana);
      const data = dataBlock(await res.text());
      assert.deepEqual(Object.keys(data ?? {}), [
        "/api/portal/sessions/current",
        "/api/portal/language",
        `/api/portal/visits/${own}`,
      ]);
      const theirs = await page(`/portal/visits/${others}`, dana);
      const html = await theirs.text();
      assert.ok(html.includes("<title>Shell</title>"), "another customer's visit is not found, as by the API");
      assert.ok(!html.includes("rita@example.com"));
    });

    await t.step("no session, or a revoked one: the shell, whose script offers the sign-in", async () => {
      assert.ok((await (await page("/portal")).text()).includes("<title>Shell</title>"));
      assert.equal((await ctx.request("DELETE", "/api/portal/sessions/current", { token: dana })).status, 204);
      assert.ok((await (await page("/portal", dana)).text()).includes("<title>Shell</title>"));
      assert.ok((await (await page(`/portal/visits/${own}`, dana)).text()).includes("<title>Shell</title>"));
    });
  } finally {
    await ctx.close();
    await rm(dist, { recursive: true });
  }
});
