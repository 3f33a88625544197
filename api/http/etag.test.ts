import assert from "node:assert/strict";
import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { etag } from "hono/etag";
import { acceptsGzip, jsonEntry, sendJsonEntry } from "./etag.ts";

Deno.test("acceptsGzip reads names, weights and the wildcard", () => {
  assert.equal(acceptsGzip(undefined), false);
  assert.equal(acceptsGzip("gzip, deflate, br"), true);
  assert.equal(acceptsGzip("br;q=1, GZIP;q=0.8"), true);
  assert.equal(acceptsGzip("gzip;q=0"), false);
  assert.equal(acceptsGzip("identity"), false);
  assert.equal(acceptsGzip("*"), true);
  assert.equal(acceptsGzip("*;q=0.1, gzip;q=0"), false);
});

Deno.test(
  "a cached entry is gzipped once and answered as it was made, with a weak tag that still validates",
  async () => {
    const entry = await jsonEntry(Array.from({ length: 50 }, (_, i) => ({ id: i, text: "duct cleaning" })));
    assert.ok(entry.gzip, "over 1 KB: a gzip copy");
    assert.equal((await jsonEntry({ small: true })).gzip, null);
    const app = new Hono().use(etag()).get("/", (c) => sendJsonEntry(c, entry));

    const zipped = await app.request("/", { headers: { "Accept-Encoding": "gzip" } });
    assert.equal(zipped.headers.get("Content-Encoding"), "gzip");
    assert.equal(zipped.headers.get("ETag"), `W/${entry.etag}`);
    assert.equal(zipped.headers.get("Vary"), "Accept-Encoding");
    assert.equal(gunzipSync(new Uint8Array(await zipped.arrayBuffer())).toString("utf8"), entry.body);

    const plain = await app.request("/");
    assert.equal(plain.headers.get("Content-Encoding"), null);
    assert.equal(plain.headers.get("Vary"), "Accept-Encoding");
    assert.equal(await plain.text(), entry.body);

    const revalidated = await app.request("/", { headers: { "Accept-Encoding": "gzip", "If-None-Match": entry.etag } });
    assert.equal(revalidated.status, 304);
  },
);
