import assert from "node:assert/strict";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MAX_BODY_BYTES } from "./app.ts";
import { MESSAGES } from "./contracts/common/messages.ts";
import { connect } from "./db/client.ts";
import { createServicesRepo } from "./features/services/repo.ts";
import { memoryLogger } from "./testing/log.ts";
import { createTestContext, TEST_ADMIN } from "./testing/context.ts";
import { createTestDatabase } from "./testing/database.ts";
import { bookingBody } from "./testing/fixtures.ts";

Deno.test("app: errors, limits, logging and the PWA", async (t) => {
  const db = await createTestDatabase();
  const log = memoryLogger();
  const dist = await mkdtemp(join(tmpdir(), "pwa-dist-"));
  await mkdir(join(dist, "assets"));
  await writeFile(join(dist, "index.html"), "<!doctype html><title>ClearFlow</title>");
  await writeFile(join(dist, "sw.js"), "self.addEventListener('fetch', () => {});");
  await writeFile(join(dist, "assets", "index-a1b2c3.js"), "console.log('app');");
  const ctx = await createTestContext({ db, env: { PWA_DIST: dist }, deps: (deps) => ({ ...deps, log }) });

  try {
    await t.step("refuses a body over 64 KB with 413 { message }", async () => {
      const res = await ctx.request("POST", "/api/contact", {
        rawBody: JSON.stringify({ message: "x".repeat(MAX_BODY_BYTES) }),
        headers: { "Content-Type": "application/json" },
      });
      assert.equal(res.status, 413);
      assert.deepEqual(res.body, { message: MESSAGES.payloadTooLarge });
    });

    await t.step("refuses a body that is not JSON with 400", async () => {
      const res = await ctx.request("POST", "/api/bookings", {
        rawBody: JSON.stringify(bookingBody()),
        headers: { "Content-Type": "text/plain" },
      });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, { message: MESSAGES.notJson });
    });

    await t.step("answers unknown API paths with 404 JSON, never the PWA", async () => {
      for (const path of ["/api/unknown", "/api", "/api/services/x/y"]) {
        const res = await ctx.request("GET", path);
        assert.equal(res.status, 404, path);
        assert.deepEqual(res.body, { message: MESSAGES.notFound }, path);
      }
      assert.equal((await ctx.request("PATCH", "/api/bookings")).status, 404);
    });

    await t.step(
      "serves the built PWA: hashed assets immutable, the shell and service worker revalidated",
      async () => {
        const home = await ctx.request<string>("GET", "/");
        assert.equal(home.status, 200);
        assert.match(home.body, /ClearFlow/);
        assert.equal(home.headers.get("Cache-Control"), "no-cache");
        const asset = await ctx.request("GET", "/assets/index-a1b2c3.js");
        assert.equal(asset.status, 200);
        assert.equal(asset.headers.get("Cache-Control"), "public, max-age=31536000, immutable");
        const sw = await ctx.request("GET", "/sw.js");
        assert.equal(sw.headers.get("Cache-Control"), "no-cache");
      },
    );

    await t.step("falls back to index.html for client-side routes, but not for missing assets", async () => {
      for (const path of ["/dashboard", "/services/air-duct-cleaning", "/booking/dryer-vent-cleaning"]) {
        const res = await ctx.request<string>("GET", path);
        assert.equal(res.status, 200, path);
        assert.match(res.body, /ClearFlow/, path);
        assert.equal(res.headers.get("Cache-Control"), "no-cache", path);
      }
      assert.equal((await ctx.request("GET", "/assets/index-gone.js")).status, 404);
    });

    await t.step("gives every response a request id", async () => {
      const res = await ctx.request("GET", "/api/healthz");
      assert.match(res.headers.get("X-Request-Id") ?? "", /\S+/);
    });

    await t.step("logs one JSON line per request with method, path, status and ms, and no secrets", async () => {
      log.lines.length = 0;
      const login = await ctx.request<{ token: string }>("POST", "/api/auth/login", {
        body: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
      });
      await ctx.request("GET", "/api/bookings?since=2026-01-01T00:00:00.000Z", { token: login.body.token });
      const requests = log.lines.filter((line) => line.msg === "request");
      assert.equal(requests.length, 2);
      const [first, second] = requests;
      assert.deepEqual(
        { method: first!.method, path: first!.path, status: first!.status },
        { method: "POST", path: "/api/auth/login", status: 200 },
      );
      assert.equal(typeof first!.ms, "number");
      assert.equal(second!.path, "/api/bookings");
      const text = JSON.stringify(log.lines);
      assert.ok(!text.includes(TEST_ADMIN.password), "no password in the log");
      assert.ok(!text.includes(login.body.token), "no token in the log");
      assert.ok(
        log.lines.some((line) => line.msg === "login" && line.adminId === ctx.admin._id),
        "a login is logged as a security event",
      );
    });
  } finally {
    await ctx.close();
    await rm(dist, { recursive: true });
  }
});

Deno.test("app: failures that are not the client's", async (t) => {
  const db = await createTestDatabase();
  const log = memoryLogger();
  const unreachable = connect("postgres://postgres@127.0.0.1:1/none", { max: 1 });
  const ctx = await createTestContext({
    db,
    deps: (deps) => ({
      ...deps,
      log,
      repos: {
        ...deps.repos,
        services: {
          ...createServicesRepo(unreachable),
          get: () => Promise.reject(new Error("boom at /secret/path.ts:12")),
        },
        bookings: {
          ...deps.repos.bookings,
          getByManageToken: () => Promise.reject(new Error("boom in the manage read")),
        },
      },
    }),
  });
  try {
    await t.step("answers an unexpected error with 500 'Internal server error', no stack, and logs it", async () => {
      const res = await ctx.request("GET", "/api/services/air-duct-cleaning");
      assert.equal(res.status, 500);
      assert.deepEqual(res.body, { message: MESSAGES.internalError });
      const logged = log.lines.find((l) => l.level === "error");
      assert.match(String(logged?.error), /boom/);
    });

    await t.step("the error line of a failed manage request does not hold the customer's token", async () => {
      const token = "ab12".padEnd(64, "9");
      const res = await ctx.request("GET", `/api/manage/${token}`);
      assert.equal(res.status, 500);
      const logged = log.lines.filter((l) => l.level === "error" && /manage/.test(String(l.error)));
      assert.equal(logged.length, 1);
      assert.equal(logged[0]!.path, "/api/manage/ab12…");
      assert.ok(!JSON.stringify(log.lines).includes(token), "no log line holds the token");
    });

    await t.step("answers 503 with Retry-After when the database cannot be reached", async () => {
      const res = await ctx.request("GET", "/api/services");
      assert.equal(res.status, 503);
      assert.deepEqual(res.body, { message: MESSAGES.unavailable });
      assert.ok(Number(res.headers.get("Retry-After")) > 0);
    });

    await t.step("shows a placeholder page while the PWA is not built", async () => {
      const res = await ctx.request<string>("GET", "/booking");
      assert.equal(res.status, 200);
      assert.match(res.body, /not built yet/);
    });
  } finally {
    await unreachable.end();
    await ctx.close();
  }
});
