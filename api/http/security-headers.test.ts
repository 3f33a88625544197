import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../app.ts";
import { createTestContext, testConfig } from "../testing/context.ts";
import { HSTS_VALUE } from "./security-headers.ts";

/** The directives of a CSP header as a map of name to sources. */
function directives(csp: string | null): Map<string, string[]> {
  assert.ok(csp, "a Content-Security-Policy header");
  return new Map(
    csp.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

Deno.test("security headers on every response", async (t) => {
  const dist = await mkdtemp(join(tmpdir(), "pwa-dist-"));
  await mkdir(join(dist, "assets"));
  await writeFile(join(dist, "index.html"), "<!doctype html><title>ClearFlow</title>");
  await writeFile(join(dist, "assets", "index-a1b2c3.js"), "console.log('app');");
  const ctx = await createTestContext({ env: { PWA_DIST: dist } });
  const appWith = (env: Record<string, string>) =>
    createApp({ ...ctx.deps, config: testConfig({ PWA_DIST: dist, ...env }) });

  try {
    const samples: [string, string, RequestInit?][] = [
      ["the app shell", "/"],
      ["a client-side route", "/booking"],
      ["an asset", "/assets/index-a1b2c3.js"],
      ["a missing asset", "/assets/missing.js"],
      ["an API answer", "/api/services"],
      ["an API 404", "/api/nothing-here"],
      ["an API 401", "/api/bookings"],
      ["a 400", "/api/contact", { method: "POST", body: "{", headers: { "Content-Type": "application/json" } }],
      ["a 413", "/api/contact", { method: "POST", body: "x".repeat(70_000) }],
    ];

    await t.step("a strict CSP: self only, no inline script or style, no framing, no plugins", async () => {
      for (const [what, path, init] of samples) {
        const headers = { Host: "clearflow.example", ...(init?.headers as Record<string, string>) };
        const res = await ctx.app.request(path, { ...init, headers });
        await res.body?.cancel();
        const csp = directives(res.headers.get("Content-Security-Policy"));
        assert.deepEqual(csp.get("default-src"), ["'self'"], what);
        assert.deepEqual(csp.get("script-src"), ["'self'"], what);
        assert.deepEqual(csp.get("style-src"), ["'self'"], what);
        assert.deepEqual(csp.get("img-src"), ["'self'", "data:", "blob:", "https:"], what);
        assert.deepEqual(csp.get("connect-src"), ["'self'", "ws://clearflow.example"], what);
        assert.deepEqual(csp.get("worker-src"), ["'self'"], what);
        assert.deepEqual(csp.get("manifest-src"), ["'self'"], what);
        assert.deepEqual(csp.get("frame-ancestors"), ["'none'"], what);
        assert.deepEqual(csp.get("base-uri"), ["'self'"], what);
        assert.deepEqual(csp.get("form-action"), ["'self'"], what);
        assert.deepEqual(csp.get("object-src"), ["'none'"], what);
        const all = [...csp.values()].flat();
        for (const loose of ["'unsafe-inline'", "'unsafe-eval'", "*", "http:", "ws:", "wss:"]) {
          assert.ok(!all.includes(loose), `${what}: no ${loose}`);
        }
        assert.equal(res.headers.get("X-Content-Type-Options"), "nosniff", what);
        assert.equal(res.headers.get("Referrer-Policy"), "strict-origin-when-cross-origin", what);
        assert.equal(res.headers.get("Cross-Origin-Opener-Policy"), "same-origin", what);
        assert.equal(res.headers.get("X-Frame-Options"), "DENY", what);
        const permissions = res.headers.get("Permissions-Policy") ?? "";
        for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
          assert.ok(permissions.includes(`${feature}=()`), `${what}: ${feature} off`);
        }
        // Passkeys: the site's own pages only.
        for (const feature of ["publickey-credentials-create", "publickey-credentials-get"]) {
          assert.ok(permissions.includes(`${feature}=(self)`), `${what}: ${feature} for the site itself`);
        }
        assert.equal(res.headers.get("Strict-Transport-Security"), null, `${what}: no HSTS over plain http`);
        assert.equal(res.headers.get("Access-Control-Allow-Origin"), null, `${what}: no CORS`);
      }
    });

    await t.step("connect-src names the WebSocket of the request's host, wss behind TLS", async () => {
      const viaTls = await appWith({ TRUST_PROXY: "true" }).request("/", {
        headers: { Host: "book.clearflow.example:8443", "X-Forwarded-Proto": "https" },
      });
      assert.deepEqual(directives(viaTls.headers.get("Content-Security-Policy")).get("connect-src"), [
        "'self'",
        "wss://book.clearflow.example:8443",
      ]);
    });

    await t.step("a hostile Host header never reaches the policy", async () => {
      for (const host of ["evil.example; script-src *", "a b", "x'y", "evil.example/path"]) {
        const res = await ctx.app.request("/", { headers: { Host: host } });
        const csp = res.headers.get("Content-Security-Policy")!;
        assert.deepEqual(directives(csp).get("connect-src"), ["'self'"], host);
        assert.deepEqual(directives(csp).get("script-src"), ["'self'"], host);
      }
    });

    await t.step("HSTS only over TLS: HSTS=true, or https forwarded by a trusted proxy", async () => {
      const forwarded = { headers: { "X-Forwarded-Proto": "https" } };
      assert.equal((await ctx.app.request("/", forwarded)).headers.get("Strict-Transport-Security"), null);
      const trusted = await appWith({ TRUST_PROXY: "true" }).request("/api/services", forwarded);
      assert.equal(trusted.headers.get("Strict-Transport-Security"), HSTS_VALUE);
      const plainBehindProxy = await appWith({ TRUST_PROXY: "true" }).request("/", {
        headers: { "X-Forwarded-Proto": "http" },
      });
      assert.equal(plainBehindProxy.headers.get("Strict-Transport-Security"), null);
      assert.equal((await appWith({ HSTS: "true" }).request("/")).headers.get("Strict-Transport-Security"), HSTS_VALUE);
      const direct = await ctx.app.request("https://clearflow.example/");
      assert.equal(direct.headers.get("Strict-Transport-Security"), HSTS_VALUE);
    });

    await t.step("no CORS without CORS_ORIGINS, whatever Origin is sent", async () => {
      const origin = { Origin: "https://evil.example" };
      const get = await ctx.app.request("/api/services", { headers: origin });
      assert.equal(get.headers.get("Access-Control-Allow-Origin"), null);
      const preflight = await ctx.app.request("/api/bookings", {
        method: "OPTIONS",
        headers: { ...origin, "Access-Control-Request-Method": "POST" },
      });
      assert.equal(preflight.headers.get("Access-Control-Allow-Origin"), null);
      assert.equal(preflight.headers.get("Access-Control-Allow-Methods"), null);
    });

    await t.step("with CORS_ORIGINS: only a listed origin is named back, never an arbitrary one", async () => {
      const app = appWith({ CORS_ORIGINS: "https://partner.example, https://app.partner.example" });
      const listed = await app.request("/api/services", { headers: { Origin: "https://partner.example" } });
      assert.equal(listed.headers.get("Access-Control-Allow-Origin"), "https://partner.example");
      assert.equal(listed.headers.get("Access-Control-Allow-Credentials"), null);
      for (const other of ["https://evil.example", "https://partner.example.evil.example", "null", "*"]) {
        const res = await app.request("/api/services", { headers: { Origin: other } });
        assert.equal(res.headers.get("Access-Control-Allow-Origin"), null, other);
      }
      const preflight = await app.request("/api/bookings", {
        method: "OPTIONS",
        headers: { Origin: "https://app.partner.example", "Access-Control-Request-Method": "POST" },
      });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get("Access-Control-Allow-Origin"), "https://app.partner.example");
      assert.match(preflight.headers.get("Access-Control-Allow-Headers") ?? "", /Authorization/);
    });
  } finally {
    await ctx.close();
    await rm(dist, { recursive: true });
  }
});
