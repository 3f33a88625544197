import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { startServer } from "../server.ts";
import { createTestContext } from "../testing/context.ts";
import { memoryLogger } from "../testing/log.ts";
import { jsonEntry } from "./etag.ts";
import { createFastReads } from "./fast-read.ts";

/** A node:http server answering what the fast reads take, and 418 for what they leave to the app. */
async function serve(options = { trustProxy: false, hsts: false, cors: false }) {
  const log = memoryLogger();
  const reads = createFastReads(log, options);
  const entry = await jsonEntry([{ key: "air-duct-cleaning", title: "Air Duct Cleaning", text: "x".repeat(2000) }]);
  let loaded: typeof entry | null = entry;
  reads.add("/api/services", () => loaded);
  const server: Server = createServer((req, res) => {
    if (!reads.answer(req, res)) res.writeHead(418).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    entry,
    lines: log.lines,
    unload: () => (loaded = null),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

Deno.test(
  "a fast read answers the entry with its tag, the security headers, a request id and its log line",
  async () => {
    const s = await serve();
    try {
      const res = await fetch(`${s.url}/api/services`, { headers: { "Accept-Encoding": "identity" } });
      assert.equal(res.status, 200);
      assert.equal(await res.text(), s.entry.body);
      assert.equal(res.headers.get("ETag"), s.entry.etag);
      assert.equal(res.headers.get("Content-Type"), "application/json");
      assert.equal(res.headers.get("Cache-Control"), "no-cache");
      assert.equal(res.headers.get("Vary"), "Accept-Encoding");
      assert.equal(res.headers.get("X-Frame-Options"), "DENY");
      assert.match(res.headers.get("Content-Security-Policy") ?? "", /connect-src 'self' ws:\/\/127\.0\.0\.1:\d+/);
      assert.equal(res.headers.get("Strict-Transport-Security"), null, "no HSTS over plain http");
      const id = res.headers.get("X-Request-Id") ?? "";
      assert.match(id, /^[0-9a-f-]{36}$/);
      assert.deepEqual(
        { ...s.lines[0], ms: 0 },
        { level: "info", msg: "request", requestId: id, method: "GET", path: "/api/services", status: 200, ms: 0 },
      );

      const zipped = await fetch(`${s.url}/api/services`, {
        headers: { "Accept-Encoding": "gzip", "X-Request-Id": "trace-1" },
      });
      const bytes = new Uint8Array(await zipped.arrayBuffer());
      assert.equal(zipped.headers.get("X-Request-Id"), "trace-1", "a caller's id is kept");
      assert.equal(zipped.headers.get("ETag"), `W/${s.entry.etag}`);
      // fetch decodes gzip itself: the bytes are the text again.
      assert.equal(new TextDecoder().decode(bytes), s.entry.body);
      assert.equal(gunzipSync(s.entry.gzip!).toString(), s.entry.body);

      const held = await fetch(`${s.url}/api/services`, { headers: { "If-None-Match": s.entry.etag } });
      assert.equal(held.status, 304);
      assert.equal(await held.text(), "");
    } finally {
      await s.close();
    }
  },
);

Deno.test(
  "a fast read leaves to the app what it does not answer alike: a query, HEAD, a body, CORS, no entry",
  async () => {
    const s = await serve({ trustProxy: true, hsts: false, cors: true });
    try {
      const status = async (path: string, init: RequestInit = {}) => {
        const res = await fetch(`${s.url}${path}`, init);
        await res.body?.cancel();
        return res.status;
      };
      assert.equal(await status("/api/services?x=1"), 418);
      assert.equal(await status("/api/services", { method: "HEAD" }), 418);
      assert.equal(await status("/api/services/air-duct-cleaning"), 418);
      assert.equal(await status("/api/services", { headers: { Origin: "https://elsewhere.example" } }), 418);
      const https = await fetch(`${s.url}/api/services`, { headers: { "X-Forwarded-Proto": "https" } });
      await https.body?.cancel();
      assert.equal(https.status, 200);
      assert.ok(https.headers.get("Strict-Transport-Security"), "HSTS behind a TLS proxy we trust");
      s.unload();
      assert.equal(await status("/api/services"), 418, "not loaded: the app loads it");
    } finally {
      await s.close();
    }
  },
);

Deno.test("server: GET /api/services answers the same whether the fast read or the app answers it", async () => {
  const ctx = await createTestContext();
  const server = await startServer({ deps: ctx.deps, host: "127.0.0.1", port: 0, redisUrl: null });
  const shown = (res: Response) =>
    [...res.headers.entries()].filter(([name]) => name !== "date" && name !== "x-request-id").sort();
  try {
    // The first read loads the list (the app's way); a query keeps a read on the app's way.
    await (await fetch(`${server.url}/api/services`)).body?.cancel();
    for (const headers of [{ "Accept-Encoding": "identity" }, { "Accept-Encoding": "gzip" }]) {
      const fast = await fetch(`${server.url}/api/services`, { headers });
      const app = await fetch(`${server.url}/api/services?app`, { headers });
      assert.deepEqual(shown(fast), shown(app), JSON.stringify(headers));
      assert.equal(await fast.text(), await app.text());
      const etag = fast.headers.get("ETag")!;
      const [held, heldByApp] = await Promise.all(
        ["", "?app"].map((q) =>
          fetch(`${server.url}/api/services${q}`, { headers: { ...headers, "If-None-Match": etag } }),
        ),
      );
      await Promise.all([held!.body?.cancel(), heldByApp!.body?.cancel()]);
      assert.equal(held!.status, 304);
      // A 304 has no body to type: the app's way still says text/plain, the fast read says nothing.
      const untyped = (res: Response) => shown(res).filter(([name]) => name !== "content-type");
      assert.deepEqual(untyped(held!), untyped(heldByApp!));
    }
  } finally {
    await server.close();
    await ctx.close();
  }
});
