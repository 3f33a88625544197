import assert from "node:assert/strict";
import fc from "fast-check";
import { startServer } from "../server.ts";
import { createTestContext, TEST_ADMIN } from "../testing/context.ts";
import { rowCounts } from "../testing/database.ts";
import { bookingBody, serviceBody } from "../testing/fixtures.ts";
import { anyText, contentType, headerText, pathId, rawBody } from "./hostile.ts";

/**
 * Every endpoint, thousands of random and hostile requests to the real server over kept-alive connections: the answer
 * is always a 2xx or a 4xx with a JSON `{ message }`, never a 500, and a refused request writes nothing.
 */

const contact = {
  name: "Jordan Ellis",
  email: "jordan@example.com",
  phone: "(704) 555-0123",
  service: "Other Services",
  message: "Hello",
};

interface Endpoint {
  method: string;
  path: (id: string) => string;
  admin?: boolean;
  /** A valid body to mutate; null sends random JSON; absent sends none (or random). */
  body?: Record<string, unknown> | null;
  query?: string[];
}

const ENDPOINTS: Endpoint[] = [
  { method: "GET", path: () => "/api/services" },
  { method: "GET", path: (id) => `/api/services/${id}` },
  { method: "POST", path: () => "/api/services", admin: true, body: { ...serviceBody() } },
  { method: "PUT", path: (id) => `/api/services/${id}`, admin: true, body: { ...serviceBody() } },
  { method: "DELETE", path: (id) => `/api/services/${id}`, admin: true },
  { method: "POST", path: () => "/api/bookings", body: bookingBody() },
  { method: "GET", path: () => "/api/bookings", admin: true, query: ["since"] },
  { method: "GET", path: () => "/api/bookings/deleted", admin: true, query: ["since"] },
  { method: "GET", path: (id) => `/api/bookings/${id}`, admin: true },
  { method: "PUT", path: (id) => `/api/bookings/${id}`, admin: true, body: { ...bookingBody(), status: "confirmed" } },
  { method: "PUT", path: (id) => `/api/bookings/${id}/status`, admin: true, body: { status: "completed", version: 1 } },
  { method: "DELETE", path: (id) => `/api/bookings/${id}`, admin: true },
  { method: "GET", path: (id) => `/api/bookings/${id}/history`, admin: true },
  { method: "GET", path: (id) => `/api/bookings/${id}/mail`, admin: true },
  { method: "POST", path: (id) => `/api/mail/${id}/resend`, admin: true },
  { method: "POST", path: () => "/api/contact", body: contact },
  { method: "GET", path: () => "/api/contact", admin: true },
  { method: "PUT", path: (id) => `/api/contact/${id}/read`, admin: true, body: { read: true } },
  // Ids here are random text, booking ids and real manage tokens alike.
  { method: "GET", path: (token) => `/api/manage/${token}` },
  { method: "POST", path: (token) => `/api/manage/${token}/cancel` },
  {
    method: "PUT",
    path: (token) => `/api/manage/${token}`,
    body: { cleaningDate: "2026-03-06", cleaningTime: "10:00 AM" },
  },
  { method: "POST", path: () => "/api/auth/login", body: { email: TEST_ADMIN.email, password: "wrong password" } },
  { method: "POST", path: () => "/api/auth/logout", admin: true },
  {
    method: "PUT",
    path: () => "/api/auth/password",
    admin: true,
    body: { currentPassword: "not the password", newPassword: "a long enough new password" },
  },
  { method: "GET", path: () => "/api/availability", query: ["date"] },
  { method: "GET", path: () => "/api/profile" },
  { method: "GET", path: () => "/api/healthz" },
  { method: "GET", path: () => "/api/readyz" },
  // The technician's visit and its evidence, as an admin may call them.
  {
    method: "PUT",
    path: (id) => `/api/bookings/${id}/visit`,
    admin: true,
    body: { stage: "en_route", at: "2026-03-02T14:00:00.000Z" },
  },
  { method: "POST", path: (id) => `/api/bookings/${id}/notes`, admin: true, body: { text: "Left a filter." } },
  {
    method: "PUT",
    path: (id) => `/api/bookings/${id}/checklist/plenums`,
    admin: true,
    body: { done: true, at: "2026-03-02T14:00:00.000Z" },
  },
  { method: "POST", path: (id) => `/api/bookings/${id}/photos`, admin: true, query: ["kind", "at"], body: null },
  { method: "POST", path: (id) => `/api/bookings/${id}/signature`, admin: true, body: null },
  { method: "GET", path: (id) => `/api/photos/${id}`, admin: true },
  // Reminders and push.
  { method: "GET", path: () => "/api/unsubscribe", admin: true },
  { method: "GET", path: (token) => `/api/unsubscribe/${token}` },
  { method: "POST", path: (token) => `/api/unsubscribe/${token}` },
  { method: "GET", path: () => "/api/push/key", admin: true },
  {
    method: "POST",
    path: () => "/api/push/subscriptions",
    admin: true,
    body: { endpoint: "https://fcm.googleapis.com/fcm/send/x", keys: { p256dh: "B".repeat(87), auth: "a".repeat(22) } },
  },
  {
    method: "DELETE",
    path: () => "/api/push/subscriptions",
    admin: true,
    body: { endpoint: "https://fcm.googleapis.com/fcm/send/x" },
  },
  { method: "GET", path: () => "/api/reports/summary", admin: true, query: ["from", "to"] },
  { method: "GET", path: (id) => `/api/${id}` },
  { method: "PATCH", path: (id) => `/api/bookings/${id}`, admin: true, body: null },
  { method: "OPTIONS", path: () => "/api/bookings" },
  { method: "HEAD", path: () => "/api/services" },
];

Deno.test(
  "property: every endpoint answers 2xx or 4xx { message } to any input, and a refusal writes nothing",
  async () => {
    const ctx = await createTestContext({
      env: {
        SLOT_CAPACITY: "100",
        BOOKING_LIMIT_PER_HOUR: "100000",
        CONTACT_LIMIT_PER_HOUR: "100000",
        MANAGE_LIMIT_PER_HOUR: "100000",
      },
    });
    const server = await startServer({ deps: ctx.deps, host: "127.0.0.1", port: 0, redisUrl: null });
    let ids: string[] = [];
    const refreshIds = async () => {
      const bookings = await ctx.sql<{ id: string }[]>`select id from bookings order by random() limit 5`;
      const services = await ctx.sql<{ id: string }[]>`select id from services order by random() limit 5`;
      const messages = await ctx.sql<{ id: string }[]>`select id from contact_messages order by random() limit 3`;
      const tokens = await ctx.sql<{ id: string }[]>`
        select manage_token as id from bookings order by random() limit 5`;
      ids = [...bookings, ...services, ...messages, ...tokens].map((r) => r.id);
    };
    // A few bookings and a message to aim at; bookings from Thursday on can still be changed by their token.
    for (const cleaningDate of ["2026-03-03", "2026-03-05"]) {
      for (const cleaningTime of ["9:00 AM", "10:00 AM", "11:00 AM"]) {
        const created = await ctx.request("POST", "/api/bookings", {
          body: bookingBody({ cleaningDate, cleaningTime }),
        });
        assert.equal(created.status, 201);
      }
    }
    assert.equal((await ctx.request("POST", "/api/contact", { body: contact })).status, 201);
    await refreshIds();

    const request = fc.record({
      endpoint: fc.constantFrom(...ENDPOINTS),
      id: pathId(() => ids),
      useToken: fc.boolean(),
      authorization: fc.option(headerText),
      idempotencyKey: fc.option(headerText),
      contentType,
      queryValue: fc.option(anyText),
      extraQuery: fc.option(fc.tuple(anyText, anyText)),
      seed: fc.nat(),
    });

    let n = 0;
    const statuses = new Map<string, number>();
    try {
      await fc.assert(
        fc.asyncProperty(
          request.chain((r) =>
            rawBody(r.endpoint.body === undefined ? null : r.endpoint.body).map((raw) => ({ ...r, raw })),
          ),
          async (r) => {
            if (++n % 50 === 0) await refreshIds();
            const { endpoint } = r;
            const url = new URL(`http://localhost${endpoint.path(r.id)}`);
            for (const name of endpoint.query ?? [])
              if (r.queryValue !== null) url.searchParams.set(name, r.queryValue);
            if (r.extraQuery) url.searchParams.append(r.extraQuery[0], r.extraQuery[1]);
            const headers = new Headers();
            if (r.contentType) headers.set("Content-Type", r.contentType);
            if (r.idempotencyKey !== null) headers.set("Idempotency-Key", r.idempotencyKey);
            if (endpoint.admin && r.useToken)
              headers.set("Authorization", `Bearer ${await ctx.tokens.sign(ctx.admin)}`);
            else if (r.authorization !== null) headers.set("Authorization", r.authorization);
            const withBody = !["GET", "HEAD", "OPTIONS"].includes(endpoint.method) && r.raw !== undefined;

            const before = await rowCounts(ctx.sql);
            // Over the real server and kept-alive connections (fetch pools them), as nginx and browsers send.
            const res = await fetch(`${server.url}${url.pathname}${url.search}`, {
              method: endpoint.method,
              headers,
              body: withBody ? r.raw : undefined,
            }).catch((error: unknown) => {
              // A header value no HTTP client can put on the wire never reaches a server: nothing to check.
              if (error instanceof TypeError && /header/i.test(error.message)) return null;
              throw error;
            });
            if (!res) return;
            const text = await res.text();
            const key = `${endpoint.method} ${endpoint.path(":id")} ${res.status}`;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
            const what = `${endpoint.method} ${url.pathname}${url.search} -> ${res.status} ${text.slice(0, 300)}`;
            assert.ok((res.status >= 200 && res.status < 300) || (res.status >= 400 && res.status < 500), what);
            if (res.status >= 400) {
              if (endpoint.method !== "HEAD") {
                const body = JSON.parse(text);
                assert.equal(typeof body.message, "string", what);
                assert.ok(body.message.length > 0, what);
              }
              assert.deepEqual(await rowCounts(ctx.sql), before, `a refusal wrote something: ${what}`);
            }
          },
        ),
        { numRuns: 2000 },
      );
    } finally {
      console.log(`${n} requests:`, Object.fromEntries([...statuses].sort()));
      await server.close();
      await ctx.close();
    }
  },
);
