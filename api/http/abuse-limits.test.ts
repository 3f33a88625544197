import assert from "node:assert/strict";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { MAX_BODY_BYTES } from "../app.ts";
import { MESSAGES } from "../contracts/common/messages.ts";
import { TIME_SLOTS } from "../contracts/schedule/dates.ts";
import { createTestContext, TEST_ADMIN } from "../testing/context.ts";
import { rowCounts } from "../testing/database.ts";
import { bookingBody } from "../testing/fixtures.ts";

const contactMessage = (n: number) => ({
  name: "Jordan Ellis",
  email: "jordan@example.com",
  phone: "(704) 555-0123",
  service: "Other Services",
  message: `Question number ${n}`,
});

function assertTooMany(res: { status: number; body: unknown; headers: Headers }, maxSeconds: number) {
  assert.equal(res.status, 429);
  assert.deepEqual(res.body, { message: MESSAGES.tooManyRequests });
  const retryAfter = Number(res.headers.get("Retry-After"));
  assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= maxSeconds, `Retry-After ${retryAfter}`);
}

Deno.test(
  "abuse limits: logins per address and per account, bookings, messages and manage changes per address",
  async (t) => {
    const ctx = await createTestContext({
      env: {
        TRUST_PROXY: "true",
        LOGIN_LIMIT_PER_IP: "3",
        LOGIN_LIMIT_PER_ACCOUNT: "5",
        BOOKING_LIMIT_PER_HOUR: "3",
        CONTACT_LIMIT_PER_HOUR: "3",
        MANAGE_LIMIT_PER_HOUR: "2",
      },
    });
    const from = (ip: string) => ({ "X-Forwarded-For": ip });
    const login = (password: string, ip: string) =>
      ctx.request("POST", "/api/auth/login", { body: { email: TEST_ADMIN.email, password }, headers: from(ip) });

    try {
      await t.step(
        "an account is locked after its failures from many addresses, even with the right password",
        async () => {
          // Five addresses, one guess each: no address reaches its own limit of 3.
          for (let i = 0; i < 5; i++) assert.equal((await login(`guess ${i}`, `198.51.100.${i}`)).status, 401);
          assertTooMany(await login(TEST_ADMIN.password, "198.51.100.99"), 15 * 60);
          // Another account from a fresh address is not affected.
          const other = await ctx.request("POST", "/api/auth/login", {
            body: { email: "someone@example.com", password: "guess" },
            headers: from("198.51.100.100"),
          });
          assert.equal(other.status, 401);
          ctx.clock.advance(15 * 60 * 1000 + 1);
          assert.equal((await login(TEST_ADMIN.password, "198.51.100.99")).status, 200, "unlocked after the window");
        },
      );

      await t.step("an address is blocked after its failures, whatever accounts it tries", async () => {
        const ip = "203.0.113.50";
        for (let i = 0; i < 3; i++) {
          const res = await ctx.request("POST", "/api/auth/login", {
            body: { email: `user${i}@example.com`, password: "guess" },
            headers: from(ip),
          });
          assert.equal(res.status, 401);
        }
        assertTooMany(await login(TEST_ADMIN.password, ip), 15 * 60);
        assert.equal((await login(TEST_ADMIN.password, "203.0.113.51")).status, 200, "another address logs in");
      });

      await t.step("wrong current passwords count as failed logins (a stolen token cannot guess)", async () => {
        ctx.clock.advance(15 * 60 * 1000 + 1);
        const token = await ctx.tokens.sign(ctx.admin);
        for (let i = 0; i < 3; i++) {
          const res = await ctx.request("PUT", "/api/auth/password", {
            token,
            body: { currentPassword: `guess ${i}`, newPassword: "a new long password" },
            headers: from("192.0.2.10"),
          });
          assert.equal(res.status, 400);
        }
        const blocked = await ctx.request("PUT", "/api/auth/password", {
          token,
          body: { currentPassword: TEST_ADMIN.password, newPassword: "a new long password" },
          headers: from("192.0.2.10"),
        });
        assertTooMany(blocked, 15 * 60);
      });

      await t.step(
        "bookings: 429 with Retry-After past the hourly limit of an address, and nothing stored",
        async () => {
          const ip = "192.0.2.20";
          for (let i = 0; i < 3; i++) {
            const res = await ctx.request("POST", "/api/bookings", {
              body: bookingBody({ cleaningDate: "2026-03-04", cleaningTime: TIME_SLOTS[i] }),
              headers: from(ip),
            });
            assert.equal(res.status, 201);
          }
          const before = await rowCounts(ctx.sql);
          const refused = await ctx.request("POST", "/api/bookings", {
            body: bookingBody({ cleaningDate: "2026-03-04", cleaningTime: TIME_SLOTS[4] }),
            headers: from(ip),
          });
          assertTooMany(refused, 60 * 60);
          assert.deepEqual(await rowCounts(ctx.sql), before);
          const neighbour = await ctx.request("POST", "/api/bookings", {
            body: bookingBody({ cleaningDate: "2026-03-04", cleaningTime: TIME_SLOTS[5] }),
            headers: from("192.0.2.21"),
          });
          assert.equal(neighbour.status, 201, "another address still books");
        },
      );

      await t.step("bookings: refused attempts (a typo) do not use up the limit", async () => {
        const ip = "192.0.2.30";
        for (let i = 0; i < 5; i++) {
          const res = await ctx.request("POST", "/api/bookings", {
            body: bookingBody({ zip: "nope" }),
            headers: from(ip),
          });
          assert.equal(res.status, 400);
        }
        const res = await ctx.request("POST", "/api/bookings", {
          body: bookingBody({ cleaningDate: "2026-03-05", cleaningTime: TIME_SLOTS[0] }),
          headers: from(ip),
        });
        assert.equal(res.status, 201);
      });

      await t.step("contact messages: 429 with Retry-After past the hourly limit of an address", async () => {
        const ip = "192.0.2.40";
        for (let i = 0; i < 3; i++) {
          assert.equal(
            (await ctx.request("POST", "/api/contact", { body: contactMessage(i), headers: from(ip) })).status,
            201,
          );
        }
        const before = await rowCounts(ctx.sql);
        assertTooMany(
          await ctx.request("POST", "/api/contact", { body: contactMessage(3), headers: from(ip) }),
          60 * 60,
        );
        assert.deepEqual(await rowCounts(ctx.sql), before);
        ctx.clock.advance(60 * 60 * 1000 + 1);
        assert.equal(
          (await ctx.request("POST", "/api/contact", { body: contactMessage(4), headers: from(ip) })).status,
          201,
        );
      });

      await t.step(
        "manage links: cancels and moves past the hourly limit of an address are 429 and change nothing",
        async () => {
          const bookingIp = "192.0.2.60";
          const tokens: string[] = [];
          for (const time of TIME_SLOTS.slice(6, 9)) {
            const res = await ctx.request<{ data: { _id: string } }>("POST", "/api/bookings", {
              body: bookingBody({ cleaningDate: "2026-03-06", cleaningTime: time }),
              headers: from(bookingIp),
            });
            assert.equal(res.status, 201);
            const [row] = await ctx.sql<{ manage_token: string }[]>`
          select manage_token from bookings where id = ${res.body.data._id}`;
            tokens.push(row!.manage_token);
          }
          const ip = "192.0.2.61";
          const move = (token: string, time: string) =>
            ctx.request("PUT", `/api/manage/${token}`, {
              body: { cleaningDate: "2026-03-09", cleaningTime: time },
              headers: from(ip),
            });
          const cancel = (token: string) => ctx.request("POST", `/api/manage/${token}/cancel`, { headers: from(ip) });
          // A refused change (the same slot again) does not count; the two that succeed do.
          assert.equal((await move(tokens[0]!, TIME_SLOTS[6]!)).status, 200);
          assert.equal((await move(tokens[0]!, TIME_SLOTS[6]!)).status, 422);
          assert.equal((await cancel(tokens[1]!)).status, 200);
          const before = await rowCounts(ctx.sql);
          const [untouched] = await ctx.sql`select status, version from bookings where manage_token = ${tokens[2]!}`;
          assertTooMany(await cancel(tokens[2]!), 60 * 60);
          assertTooMany(await move(tokens[2]!, TIME_SLOTS[7]!), 60 * 60);
          assert.deepEqual(await rowCounts(ctx.sql), before);
          const [after] = await ctx.sql`select status, version from bookings where manage_token = ${tokens[2]!}`;
          assert.deepEqual({ ...after }, { ...untouched }, "the third booking is unchanged");
          assert.equal(
            (await ctx.request("GET", `/api/manage/${tokens[2]!}`, { headers: from(ip) })).status,
            200,
            "reading is not limited",
          );
          assert.equal(
            (await ctx.request("POST", `/api/manage/${tokens[2]!}/cancel`, { headers: from("192.0.2.62") })).status,
            200,
            "another address still cancels",
          );
        },
      );
    } finally {
      await ctx.close();
    }
  },
);

Deno.test(
  "body limit over real HTTP: 413 without reading the whole body, with or without Content-Length",
  async (t) => {
    const ctx = await createTestContext();
    const server = createServer(getRequestListener(ctx.app.fetch));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;

    /** Sends `chunks` of `chunkSize` bytes (chunked unless a length is given); resolves with the answer. */
    const send = (o: { chunks: number; chunkSize: number; contentLength?: number }) =>
      new Promise<{ status: number; body: string; sentBytes: number }>((resolve, reject) => {
        const headers: Record<string, string | number> = { "Content-Type": "application/json" };
        if (o.contentLength !== undefined) headers["Content-Length"] = o.contentLength;
        const req = httpRequest({ host: "127.0.0.1", port, method: "POST", path: "/api/contact", headers });
        let sentBytes = 0;
        let answered = false;
        req.on("response", (res) => {
          answered = true;
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (d) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode!, body, sentBytes }));
        });
        req.on("error", (error) => (answered ? undefined : reject(error)));
        const chunk = "x".repeat(o.chunkSize);
        let i = 0;
        const pump = () => {
          // Stops sending once the server has answered: it must not wait for the rest.
          while (!answered && i < o.chunks) {
            i++;
            sentBytes += chunk.length;
            if (!req.write(chunk)) return req.once("drain", () => setTimeout(pump, 1));
            return setTimeout(pump, 1);
          }
          if (!answered) req.end();
        };
        pump();
      });

    try {
      await t.step("a chunked body with no Content-Length is cut off just past 64 KB", async () => {
        // 4 MB offered in 16 KB chunks; the answer comes after a few of them.
        const res = await send({ chunks: 256, chunkSize: 16 * 1024 });
        assert.equal(res.status, 413);
        assert.deepEqual(JSON.parse(res.body), { message: MESSAGES.payloadTooLarge });
        assert.ok(res.sentBytes < 1024 * 1024, `answered after ${res.sentBytes} bytes, long before 4 MB`);
      });

      await t.step("a Content-Length over 64 KB is refused before any of the body is read", async () => {
        const res = await send({ chunks: 1, chunkSize: 1024, contentLength: 10 * 1024 * 1024 });
        assert.equal(res.status, 413);
        assert.deepEqual(JSON.parse(res.body), { message: MESSAGES.payloadTooLarge });
      });

      await t.step("a chunked body under the limit is read as usual", async () => {
        const body = JSON.stringify(contactMessage(1));
        const res = await new Promise<number>((resolve, reject) => {
          const req = httpRequest(
            {
              host: "127.0.0.1",
              port,
              method: "POST",
              path: "/api/contact",
              headers: { "Content-Type": "application/json" },
            },
            (r) => {
              r.resume();
              resolve(r.statusCode!);
            },
          );
          req.on("error", reject);
          req.write(body.slice(0, 10));
          req.end(body.slice(10));
        });
        assert.equal(res, 201);
        assert.ok(MAX_BODY_BYTES === 64 * 1024);
      });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await ctx.close();
    }
  },
);
