import assert from "node:assert/strict";
import fc from "fast-check";
import { startServer } from "../server.ts";
import { createTestContext, TEST_ADMIN } from "../testing/context.ts";
import { rowCounts } from "../testing/database.ts";
import { type RegisteredRoute, roleTable } from "../http/roles.ts";
import { bookingBody, serviceBody } from "../testing/fixtures.ts";
import { SIGNATURE } from "../testing/estimates.ts";
import { customerCookie, signInCustomer } from "../testing/portal.ts";
import { createCustomerSessions } from "../platform/customer-sessions.ts";
import { anyText, contentType, headerText, pathId, rawBody } from "./hostile.ts";

/**
 * Every route of the app's own table, thousands of random and hostile requests to the real server over kept-alive connections: the answer
 * is always a 2xx or a 4xx with a JSON `{ message }`, never a 500, and a refused request writes nothing.
 */

const contact = {
  name: "Jordan Ellis",
  email: "jordan@example.com",
  phone: "(704) 555-0123",
  service: "Other Services",
  message: "Hello",
};

/** The customer of the fixture's bookings (the portal's routes are called with their session). */
const CUSTOMER_EMAIL = "dana.whitfield@example.com";

interface Endpoint {
  method: string;
  /** The path as registered, for the tally. */
  pattern: string;
  path: (id: string) => string;
  /** Called with a signed-in owner's token (when the request says so): every route but a public one. */
  signedIn: boolean;
  /** Called with a customer's session token instead (the portal's routes). */
  customer?: boolean;
  /** A valid body to mutate; null sends random JSON; absent sends none (or random). */
  body?: Record<string, unknown> | null;
  query?: string[];
}

/** What a route is called with, by "METHOD /path" as the app registers it; a route with none gets random input. */
const SAMPLES: Record<string, Pick<Endpoint, "body" | "query">> = {
  "POST /api/services": { body: { ...serviceBody() } },
  "PUT /api/services/:id": { body: { ...serviceBody() } },
  "POST /api/bookings": { body: bookingBody() },
  "GET /api/bookings": { query: ["since", "limit", "cursor", "q", "sort", "status", "technicianId", "paid"] },
  "GET /api/bookings/deleted": { query: ["since"] },
  "PUT /api/bookings/:id": { body: { ...bookingBody(), status: "confirmed" } },
  "PUT /api/bookings/:id/status": { body: { status: "completed", version: 1 } },
  "PUT /api/bookings/:id/assignment": { body: { technicianId: null, version: 1 } },
  "POST /api/contact": { body: contact },
  "GET /api/contact": { query: ["read", "q", "cursor", "limit", "sort"] },
  "PUT /api/contact/:id/read": { body: { read: true } },
  // Ids here are random text, booking ids and real manage tokens alike.
  "PUT /api/manage/:token": { body: { cleaningDate: "2026-03-06", cleaningTime: "10:00 AM" } },
  "POST /api/auth/login": { body: { email: TEST_ADMIN.email, password: "wrong password" } },
  "PUT /api/auth/password": {
    body: { currentPassword: "not the password", newPassword: "a long enough new password" },
  },
  "GET /api/availability": { query: ["date"] },
  "GET /api/schedule": { query: ["date"] },
  // The technician's visit and its evidence, as an admin may call them.
  "PUT /api/bookings/:id/visit": { body: { stage: "en_route", at: "2026-03-02T14:00:00.000Z" } },
  "POST /api/bookings/:id/notes": { body: { text: "Left a filter." } },
  "PUT /api/bookings/:id/checklist/:itemId": { body: { done: true, at: "2026-03-02T14:00:00.000Z" } },
  "POST /api/bookings/:id/photos": { query: ["kind", "at"], body: null },
  "POST /api/bookings/:id/signature": { body: null },
  "POST /api/push/subscriptions": {
    body: { endpoint: "https://fcm.googleapis.com/fcm/send/x", keys: { p256dh: "B".repeat(87), auth: "a".repeat(22) } },
  },
  "DELETE /api/push/subscriptions": { body: { endpoint: "https://fcm.googleapis.com/fcm/send/x" } },
  "GET /api/reports/summary": { query: ["from", "to"] },
  "GET /api/reports/bookings.csv": { query: ["from", "to"] },
  "GET /api/reports/customers.csv": { query: ["from", "to"] },
  "GET /api/reports/invoices.csv": { query: ["from", "to"] },
  "GET /api/reports/payments.csv": { query: ["from", "to"] },
  "POST /api/staff": { body: { name: "Nina New", email: "nina@staff.example.com", role: "technician" } },
  "PUT /api/staff/:id": { body: { name: "Renamed", role: "technician" } },
  "PUT /api/settings": { body: { slotCapacity: 3 } },
  "POST /api/invitations/:token": { body: { password: "a long enough staff passphrase" } },
  "POST /api/price-book": { body: { name: "Bird guard", unitPriceCents: 6900, unitLabel: "each", taxable: true } },
  "PUT /api/price-book/:id": { body: { name: "Bird guard", unitPriceCents: 7900 } },
  // Estimates: the office's and the customer's, ids and tokens from the database as for bookings.
  "POST /api/estimates": {
    body: {
      bookingId: "00000000-0000-4000-8000-000000000000",
      options: [{ title: "Better", lines: [{ serviceId: "dryer-vent-cleaning", quantity: 1 }] }],
    },
  },
  "GET /api/estimates": { query: ["bookingId", "status", "q", "cursor", "limit", "sort"] },
  "POST /api/estimates/:id/approve": {
    body: { optionId: "o", signedBy: "Dana", signature: SIGNATURE, at: "2026-03-02T14:00:00.000Z" },
  },
  "POST /api/estimates/by-token/:token/approve": { body: { optionId: "o", signedBy: "Dana" } },
  "POST /api/estimates/by-token/:token/decline": { body: { reason: "Not now" } },
  // Invoices and payments: ids, tokens and payment ids from the database.
  "POST /api/invoices/:id/payments": { body: { method: "check", amountCents: 1000, reference: "1042" } },
  "POST /api/bookings/:id/invoice/payments": { body: { method: "cash", amountCents: 500 } },
  "PUT /api/invoices/:id": { body: { adjustments: [{ description: "Credit", quantity: 1, unitPriceCents: -100 }] } },
  "POST /api/invoices/:id/void": { body: { reason: "Duplicate" } },
  "POST /api/payments/:id/refunds": { body: { amountCents: 100, reason: "Goodwill" } },
  "GET /api/invoices": { query: ["status", "from", "to", "q", "cursor", "limit", "sort"] },
  // The customer's portal, as a signed-in customer calls it (ids are their bookings' and others' alike).
  "POST /api/portal/sign-in": { body: { email: CUSTOMER_EMAIL } },
  "POST /api/portal/sessions": { body: { token: "A".repeat(43) } },
  "PUT /api/portal/visits/:id": { body: { cleaningDate: "2026-03-06", cleaningTime: "10:00 AM" } },
  "PUT /api/portal/preferences": { body: { visitReminders: false, yearlyReminders: true } },
  "PUT /api/portal/language": { body: { locale: "es" } },
  "POST /api/portal/ratings": { body: { bookingId: "b0000000-0000-4000-8000-000000000001", stars: 5, comment: "" } },
  "POST /api/portal/ratings/:token": { body: { stars: 4, comment: "Great" } },
  // Customers: ids of customers and of their properties from the database.
  "GET /api/customers": { query: ["limit", "cursor", "q", "sort", "tag"] },
  "PUT /api/customers/:id": {
    body: { name: "Dana W", emails: [CUSTOMER_EMAIL], phones: [{ number: "704-555-0199" }], version: 1 },
  },
  "POST /api/customers/:id/properties": { body: { street: "9 Lake Rd", city: "Davidson", state: "NC", zip: "28036" } },
  "PUT /api/customers/:id/properties/:propertyId": {
    body: { street: "9 Lake Rd", city: "Davidson", state: "NC", zip: "28036", units: 2 },
  },
  "POST /api/customers/:id/merge": { body: { from: "00000000-0000-4000-8000-000000000000" } },
};

/** Every route of the app's table, each path parameter the request's id; and what no route of it answers. */
function endpointsOf(app: { routes: RegisteredRoute[] }): Endpoint[] {
  const table = roleTable(app.routes).filter((row) => row.method !== "ALL");
  return [
    ...table.map((row) => ({
      method: row.method,
      pattern: row.path,
      path: (id: string) => row.path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(id)),
      signedIn: !row.roles.includes("public"),
      customer: row.roles.includes("customer"),
      ...SAMPLES[`${row.method} ${row.path}`],
    })),
    { method: "GET", pattern: "/api/:unknown", path: (id) => `/api/${id}`, signedIn: false },
    { method: "PATCH", pattern: "/api/bookings/:id", path: (id) => `/api/bookings/${id}`, signedIn: true, body: null },
    { method: "OPTIONS", pattern: "/api/bookings", path: () => "/api/bookings", signedIn: false },
    { method: "HEAD", pattern: "/api/services", path: () => "/api/services", signedIn: false },
  ];
}

Deno.test("every sample of the fuzz names a route the app has", async () => {
  const ctx = await createTestContext();
  try {
    const routes = new Set(roleTable(ctx.app.routes).map((row) => `${row.method} ${row.path}`));
    assert.deepEqual(
      Object.keys(SAMPLES).filter((key) => !routes.has(key)),
      [],
    );
  } finally {
    await ctx.close();
  }
});

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
      const items = await ctx.sql<{ id: string }[]>`select id from price_book_items order by random() limit 3`;
      const estimates = await ctx.sql<{ id: string }[]>`
        (select id::text from estimates order by random() limit 3)
        union all (select token from estimates order by random() limit 3)
        union all (select id::text from invoices order by random() limit 3)
        union all (select token from invoices order by random() limit 2)
        union all (select id::text from payments order by random() limit 2)
        union all (select id::text from customers order by random() limit 2)
        union all (select id::text from properties order by random() limit 2)`;
      ids = [...bookings, ...services, ...messages, ...tokens, ...items, ...estimates].map((r) => r.id);
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
    // Estimates to aim at, by id and by token.
    const [booked] = await ctx.sql<{ id: string }[]>`select id from bookings limit 1`;
    for (let i = 0; i < 2; i++) {
      const estimate = await ctx.asAdmin("POST", "/api/estimates", {
        body: { ...SAMPLES["POST /api/estimates"]!.body, bookingId: booked!.id },
      });
      assert.equal(estimate.status, 201);
    }
    // An invoice with a payment to aim at.
    const invoiced = await ctx.asAdmin<{ data: { _id: string } }>("POST", `/api/bookings/${booked!.id}/invoice`);
    assert.equal(invoiced.status, 201);
    const paid = await ctx.asAdmin("POST", `/api/invoices/${invoiced.body.data._id}/payments`, {
      body: { method: "cash", amountCents: 100 },
      headers: { "Idempotency-Key": "fuzz-setup" },
    });
    assert.equal(paid.status, 201);
    // The customer of those bookings, signed in: the portal's routes are called with their session.
    let customerToken = await signInCustomer(ctx, CUSTOMER_EMAIL);
    await refreshIds();

    const endpoints = endpointsOf(ctx.app);
    const request = fc.record({
      endpoint: fc.constantFrom(...endpoints),
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
            if (endpoint.customer && r.useToken) {
              // As the customer's browser sends it: the session's cookie, and the site's Origin with a write.
              headers.set("Cookie", customerCookie(customerToken));
              headers.set("Origin", new URL(server.url).origin);
            } else if (endpoint.signedIn && r.useToken)
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
              // A header value no HTTP client can put on the wire never reaches a server, nor does a URL past the
              // client's length limit (64 KB: a list's seven query parameters each given a long text): nothing to check.
              if (error instanceof TypeError && /header|Invalid URL/i.test(error.message)) return null;
              throw error;
            });
            if (!res) return;
            const text = await res.text();
            // Signed out by the fuzz itself: the customer signs in again for the next requests.
            if (endpoint.pattern === "/api/portal/sessions/current" && res.status === 204) {
              customerToken = (await createCustomerSessions(ctx.sql, ctx.clock).create(CUSTOMER_EMAIL)).token;
            }
            const key = `${endpoint.method} ${endpoint.pattern} ${res.status}`;
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
