import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PAGE_DATA_ID } from "../contracts/common/page-data.ts";
import type { DataEnvelope } from "../contracts/common/wire.ts";
import type { Estimate } from "../contracts/estimates/estimate.ts";
import { createTestContext } from "../testing/context.ts";
import { newBooking, priceBookByName } from "../testing/estimates.ts";

const SHELL = `<html><head><title>Shell</title></head><body><div id="root"></div></body></html>`;
const TEMPLATE = `<html><head><title>Document</title></head><body><div id="root"></div></body></html>`;
// The build's renderer, as far as the server is concerned: it renders a path with a profile and the page's data.
const RENDERER = `
export async function renderPage(path, profile, data) {
  if (JSON.stringify(data).includes("Breaks the renderer")) throw new Error("the renderer broke");
  const [view] = Object.values(data);
  return { head: '<link rel="preload" href="/hint">', root: "<main>" + path + " for " + profile.name + ": " + view.number + "</main>" };
}`;

async function fakeBuild(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "document-pages-"));
  await mkdir(join(dir, "documents"));
  await mkdir(join(dir, "server"));
  await writeFile(join(dir, "index.html"), SHELL);
  await writeFile(join(dir, "shell.html"), SHELL);
  await writeFile(join(dir, "documents", "estimate.html"), TEMPLATE);
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
