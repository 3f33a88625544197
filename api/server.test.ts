import assert from "node:assert/strict";
import { connect } from "node:net";
import { startServer } from "./server.ts";
import { createTestContext } from "./testing/context.ts";

/** True once a new TCP connection to the port is refused (nothing listens any more). */
async function refuses(port: number): Promise<boolean> {
  try {
    (await Deno.connect({ hostname: "127.0.0.1", port })).close();
    return false;
  } catch (error) {
    if (error instanceof Deno.errors.ConnectionRefused) return true;
    throw error;
  }
}

/** Polls until the port refuses new connections; fails if it still accepts them after `ms`. */
async function refusedWithin(port: number, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await refuses(port))) {
    if (Date.now() > deadline) throw new Error(`${what}: port ${port} still accepts connections after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

Deno.test("server: on close it stops accepting but lets a request in flight finish", async () => {
  let release!: () => void;
  const slow = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const inHandler = new Promise<void>((resolve) => (entered = resolve));
  const ctx = await createTestContext({
    deps: (deps) => ({
      ...deps,
      repos: {
        ...deps.repos,
        services: {
          ...deps.repos.services,
          list: async () => {
            entered();
            await slow;
            return await deps.repos.services.list();
          },
        },
      },
    }),
  });
  const server = await startServer({ deps: ctx.deps, host: "127.0.0.1", port: 0, redisUrl: null });
  try {
    const health = await fetch(`${server.url}/api/healthz`);
    assert.equal(health.status, 200);
    await health.body?.cancel();

    const inFlight = fetch(`${server.url}/api/services`, { headers: { Connection: "close" } });
    // In the handler (a failed request ends the wait instead of leaving it hanging).
    await Promise.race([inHandler, inFlight.then(() => assert.fail("answered without reaching the handler"))]);
    const closed = server.close();
    await refusedWithin(server.port, "no new connection is accepted");
    release();
    const res = await inFlight;
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as unknown[]).length, 8);
    await closed;
  } finally {
    release();
    await server.close();
    await ctx.close();
  }
});

Deno.test(
  "server: shutdown answers readyz 503 at once, keeps serving (closing each connection) while it drains",
  async () => {
    const ctx = await createTestContext();
    const server = await startServer({ deps: ctx.deps, host: "127.0.0.1", port: 0, redisUrl: null, drainMs: 1000 });
    try {
      const before = await fetch(`${server.url}/api/readyz`);
      assert.equal(before.status, 200);
      await before.body?.cancel();

      // The three requests below must all be answered inside the drain. On a loaded 2-core machine a loopback
      // request can stall for a second or more, so the window is seconds wide, not a few hundred ms; the test
      // waits it out once.
      const stopped = server.shutdown(5_000);
      assert.equal(server.draining, true);
      const ready = await fetch(`${server.url}/api/readyz`);
      assert.equal(ready.status, 503, "the balancer is told to stop sending");
      await ready.body?.cancel();
      const health = await fetch(`${server.url}/api/healthz`);
      assert.equal(health.status, 200, "the process is still alive");
      await health.body?.cancel();
      const services = await fetch(`${server.url}/api/services`);
      assert.equal(services.status, 200, "requests are still served while draining");
      assert.equal(services.headers.get("connection"), "close", "no connection is kept for a next request");
      await services.body?.cancel();

      await stopped;
      assert.equal(await refuses(server.port), true, "after the drain, no new connection is accepted");
    } finally {
      await server.close();
      await ctx.close();
    }
  },
);

Deno.test("server: readyz answers 503 while the configured Redis cannot be reached", async () => {
  const ctx = await createTestContext();
  // Nothing listens on port 1.
  const server = await startServer({
    deps: ctx.deps,
    host: "127.0.0.1",
    port: 0,
    redisUrl: "redis://127.0.0.1:1",
    drainMs: 1000,
  });
  try {
    assert.equal(server.realtime.redisReady(), false);
    const ready = await fetch(`${server.url}/api/readyz`);
    assert.equal(ready.status, 503);
    await ready.body?.cancel();
    const health = await fetch(`${server.url}/api/healthz`);
    assert.equal(health.status, 200, "alive, only not ready");
    await health.body?.cancel();
  } finally {
    await server.close();
    await ctx.close();
  }
});

Deno.test("server: security headers and the request id are on every answer the real server sends", async () => {
  const ctx = await createTestContext();
  const server = await startServer({ deps: ctx.deps, host: "127.0.0.1", port: 0, redisUrl: null });
  try {
    const samples: [string, RequestInit][] = [
      ["/api/services", {}],
      ["/api/services", { headers: { "Accept-Encoding": "gzip" } }],
      ["/api/nothing-here", {}],
      ["/api/contact", { method: "POST", body: "{", headers: { "Content-Type": "application/json" } }],
      ["/", {}],
    ];
    for (const [path, init] of samples) {
      const res = await fetch(`${server.url}${path}`, init);
      await res.body?.cancel();
      const what = `${init.method ?? "GET"} ${path}`;
      assert.match(res.headers.get("Content-Security-Policy") ?? "", /frame-ancestors 'none'/, what);
      assert.match(res.headers.get("Content-Security-Policy") ?? "", /connect-src 'self' ws:\/\/127\.0\.0\.1:/, what);
      assert.equal(res.headers.get("X-Frame-Options"), "DENY", what);
      assert.equal(res.headers.get("X-Content-Type-Options"), "nosniff", what);
      assert.match(res.headers.get("Permissions-Policy") ?? "", /camera=\(\)/, what);
      assert.equal(res.headers.get("Strict-Transport-Security"), null, `${what}: no HSTS over plain http`);
      assert.match(res.headers.get("X-Request-Id") ?? "", /^[0-9a-f-]{36}$/, what);
    }
    const kept = await fetch(`${server.url}/api/healthz`, { headers: { "X-Request-Id": "trace-42" } });
    await kept.body?.cancel();
    assert.equal(kept.headers.get("X-Request-Id"), "trace-42", "a caller's id is kept");
    const replaced = await fetch(`${server.url}/api/healthz`, { headers: { "X-Request-Id": "bad id!" } });
    await replaced.body?.cancel();
    assert.notEqual(replaced.headers.get("X-Request-Id"), "bad id!");
  } finally {
    await server.close();
    await ctx.close();
  }
});

Deno.test(
  "server: the cached services and profile keep their tag, one gzip and their 304 on the real server",
  async () => {
    const ctx = await createTestContext();
    const server = await startServer({ deps: ctx.deps, host: "127.0.0.1", port: 0, redisUrl: null });
    try {
      for (const path of ["/api/services", "/api/profile"]) {
        // Deno's fetch asks for gzip unless told otherwise.
        const plain = await fetch(`${server.url}${path}`, { headers: { "Accept-Encoding": "identity" } });
        const text = await plain.text();
        const tag = plain.headers.get("ETag") ?? "";
        assert.match(tag, /^"[^"]+"$/, path);
        assert.equal(plain.headers.get("Content-Type"), "application/json", path);
        assert.equal(plain.headers.get("Cache-Control"), "no-cache", path);
        assert.equal(plain.headers.get("Vary"), "Accept-Encoding", path);
        assert.equal(plain.headers.get("Content-Encoding"), null, path);

        // fetch undoes one gzip: a body compressed twice would not parse.
        const zipped = await fetch(`${server.url}${path}`, { headers: { "Accept-Encoding": "gzip" } });
        assert.equal(await zipped.text(), text, path);
        if (text.length >= 1024) {
          assert.equal(zipped.headers.get("Content-Encoding"), "gzip", path);
          assert.equal(zipped.headers.get("ETag"), `W/${tag}`, path);
        }

        for (const held of [tag, `W/${tag}`, `"other", ${tag}`]) {
          const again = await fetch(`${server.url}${path}`, {
            headers: { "If-None-Match": held, "Accept-Encoding": "gzip" },
          });
          assert.equal(again.status, 304, `${path} ${held}`);
          assert.equal(await again.text(), "", path);
          assert.equal(again.headers.get("Content-Encoding"), null, path);
          assert.equal(again.headers.get("Cache-Control"), "no-cache", path);
          assert.match(again.headers.get("ETag") ?? "", /"[^"]+"$/, path);
          assert.equal(again.headers.get("X-Frame-Options"), "DENY", path);
        }
        const stale = await fetch(`${server.url}${path}`, { headers: { "If-None-Match": '"something-else"' } });
        assert.equal(stale.status, 200, path);
        await stale.body?.cancel();

        const head = await fetch(`${server.url}${path}`, { method: "HEAD", headers: { "Accept-Encoding": "gzip" } });
        assert.equal(head.status, 200, path);
        assert.equal(head.headers.get("Content-Encoding"), null, `${path}: HEAD says what a plain GET sends`);
        assert.equal(head.headers.get("ETag"), tag, path);
      }
    } finally {
      await server.close();
      await ctx.close();
    }
  },
);

Deno.test(
  "server: an idle keep-alive connection outlives the balancer's (nginx closes first, never the API)",
  async () => {
    const nginxConf = await Deno.readTextFile(new URL("../deploy/nginx.conf", import.meta.url));
    const upstreamIdle = /^\s*keepalive_timeout\s+(\d+)s;/m.exec(nginxConf.split("upstream api")[1] ?? "");
    assert.ok(upstreamIdle, "deploy/nginx.conf sets the upstream keepalive_timeout");
    const balancerIdleMs = Number(upstreamIdle[1]) * 1000;

    const ctx = await createTestContext();
    const server = await startServer({ deps: ctx.deps, host: "127.0.0.1", port: 0, redisUrl: null });
    const socket = connect(server.port, "127.0.0.1");
    try {
      let received = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => (received += chunk));
      const answers = () => received.match(/HTTP\/1\.1 200/g)?.length ?? 0;
      const request = "GET /api/healthz HTTP/1.1\r\nHost: localhost\r\n\r\n";
      const until = async (done: () => boolean) => {
        for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
      };
      await new Promise<void>((resolve) => socket.once("connect", resolve));
      socket.write(request);
      await until(() => answers() === 1);
      assert.equal(answers(), 1, "the first request is answered");
      // Past Node's and Deno's 5-second default, which would have closed the connection by now.
      await new Promise((r) => setTimeout(r, 6_000));
      assert.equal(socket.destroyed || socket.readyState !== "open", false, "the idle connection is still open");
      socket.write(request);
      await until(() => answers() === 2);
      assert.equal(answers(), 2, "a second request on the same connection is answered");
      assert.ok(server.http.keepAliveTimeout > balancerIdleMs, "the API keeps idle connections longer than nginx");
    } finally {
      socket.destroy();
      await server.close();
      await ctx.close();
    }
  },
);

Deno.test("server: a request its parser refuses gets a status and a { message }, not an empty answer", async () => {
  const ctx = await createTestContext();
  const server = await startServer({ deps: ctx.deps, host: "127.0.0.1", port: 0, redisUrl: null });
  try {
    const long = await fetch(`${server.url}/api/bookings?since=${"x".repeat(20_000)}`);
    assert.equal(long.status, 431);
    assert.equal(long.headers.get("Content-Type"), "application/json; charset=UTF-8");
    assert.deepEqual(await long.json(), { message: "The address or headers of this request are too long." });

    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, "127.0.0.1", () => socket.end("NOT A REQUEST\r\n\r\n"));
      let text = "";
      socket.on("data", (chunk) => (text += chunk));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    assert.match(raw, /^HTTP\/1\.1 400 Bad Request\r\n/);
    assert.ok(raw.endsWith('{"message":"This request could not be read."}'), raw);

    const after = await fetch(`${server.url}/api/healthz`);
    await after.body?.cancel();
    assert.equal(after.status, 200, "the server goes on serving");
  } finally {
    await server.close();
    await ctx.close();
  }
});
