import assert from "node:assert/strict";
import type { Booking } from "../../../contracts/bookings/booking.ts";
import { MESSAGES } from "../../../contracts/common/messages.ts";
import type { DataEnvelope } from "../../../contracts/common/wire.ts";
import { type CustomerSessionResponse, PORTAL_MESSAGES, type PortalVisits } from "../../../contracts/portal/portal.ts";
import { createTestContext, type TestContext } from "../../../testing/context.ts";
import { bookingBody } from "../../../testing/fixtures.ts";
import { signInCustomer, signInTokenFor } from "../../../testing/portal.ts";
import { addStaff } from "../../../testing/staff.ts";

const MINUTE = 60_000;

const ask = (ctx: TestContext, email: string, ip = "203.0.113.1") =>
  ctx.request<{ message: string }>("POST", "/api/portal/sign-in", {
    body: { email },
    headers: { "X-Forwarded-For": ip },
  });
const open = (ctx: TestContext, token: string) =>
  ctx.request<CustomerSessionResponse & { message?: string }>("POST", "/api/portal/sessions", { body: { token } });
const signInMails = async (ctx: TestContext) =>
  (await ctx.sql<{ count: number }[]>`select count(*)::int as count from outbox where kind = 'portal-sign-in'`)[0]!
    .count;

async function book(ctx: TestContext, email: string) {
  const res = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body: bookingBody({ email }) });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data;
}

Deno.test("portal sign-in: the same 202 for anyone, a link only to a customer, good once for 15 minutes", async (t) => {
  const ctx = await createTestContext({ env: { TRUST_PROXY: "true", PUBLIC_URL: "https://clean.example.com" } });
  try {
    await book(ctx, "Dana.Whitfield@Example.com");

    await t.step("a customer and a stranger get the same answer; only the customer gets an e-mail", async () => {
      const stranger = await ask(ctx, "nobody@example.com");
      assert.equal(await signInMails(ctx), 0, "no e-mail to an address without bookings");
      const [{ count: links }] = await ctx.sql<{ count: number }[]>`
        select count(*)::int as count from portal_sign_in_tokens`;
      assert.equal(links, 0, "and no link made for it");
      const customer = await ask(ctx, "dana.whitfield@example.com");
      assert.equal(customer.status, 202);
      assert.equal(stranger.status, 202);
      assert.deepEqual(customer.body, stranger.body);
      assert.deepEqual(customer.body, { message: PORTAL_MESSAGES.signInSent });
      assert.equal(await signInMails(ctx), 1);
      const [mail] = await ctx.sql<{ to_address: string; subject: string; text: string }[]>`
        select to_address, subject, message->>'text' as text from outbox where kind = 'portal-sign-in'`;
      assert.equal(mail!.to_address, "dana.whitfield@example.com");
      assert.match(mail!.text, /https:\/\/clean\.example\.com\/portal\/sign-in\/[A-Za-z0-9_-]{43}/);
    });

    await t.step("the token is stored only as its hash", async () => {
      const token = await signInTokenFor(ctx, "dana.whitfield@example.com");
      const rows = await ctx.sql<{ token_hash: string }[]>`select token_hash from portal_sign_in_tokens`;
      assert.equal(rows.length, 1);
      assert.notEqual(rows[0]!.token_hash, token);
      assert.match(rows[0]!.token_hash, /^[0-9a-f]{64}$/);
    });

    await t.step(
      "the link opens a 30-day customer session once; a second use is refused with a new-link offer",
      async () => {
        const token = await signInTokenFor(ctx, "dana.whitfield@example.com");
        const first = await open(ctx, token);
        assert.equal(first.status, 201, JSON.stringify(first.body));
        const cookie = first.headers.get("Set-Cookie") ?? "";
        assert.match(cookie, /^__Host-clearflow-portal=cust_[A-Za-z0-9_-]{43}; /);
        for (const attribute of ["Max-Age=2592000", "Path=/", "HttpOnly", "Secure", "SameSite=Lax"]) {
          assert.ok(cookie.split("; ").includes(attribute), `${attribute} in ${cookie}`);
        }
        assert.doesNotMatch(cookie, /Domain=/i, "a __Host- cookie names no domain");
        assert.equal("token" in first.body, false, "the page's script never holds the session");
        assert.equal(first.body.email, "dana.whitfield@example.com");
        assert.equal(Date.parse(first.body.expiresAt) - ctx.clock.now().getTime(), 30 * 24 * 60 * MINUTE);
        const again = await open(ctx, token);
        assert.equal(again.status, 401);
        assert.deepEqual(again.body, { message: PORTAL_MESSAGES.signInLinkInvalid });
        assert.match(PORTAL_MESSAGES.signInLinkInvalid, /new link/);
      },
    );

    await t.step("an unknown or malformed token is refused the same way", async () => {
      for (const token of ["A".repeat(43), "not-a-token", ""]) {
        const res = await open(ctx, token);
        assert.equal(res.status, 401, token);
        assert.deepEqual(res.body, { message: PORTAL_MESSAGES.signInLinkInvalid });
      }
    });

    await t.step("a link is good for 15 minutes, not one more", async () => {
      await ask(ctx, "dana.whitfield@example.com");
      const late = await signInTokenFor(ctx, "dana.whitfield@example.com");
      ctx.clock.advance(15 * MINUTE + 1000);
      assert.equal((await open(ctx, late)).status, 401, "expired");
      await ask(ctx, "dana.whitfield@example.com");
      const fresh = await signInTokenFor(ctx, "dana.whitfield@example.com");
      ctx.clock.advance(14 * MINUTE);
      assert.equal((await open(ctx, fresh)).status, 201, "14 minutes later it still works");
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("portal sign-in limits: 5 per address and 20 per client an hour, told apart by nothing", async (t) => {
  const ctx = await createTestContext({ env: { TRUST_PROXY: "true" } });
  try {
    await book(ctx, "dana.whitfield@example.com");
    const assertRefused = (res: { status: number; body: unknown; headers: Headers }) => {
      assert.equal(res.status, 429);
      assert.deepEqual(res.body, { message: MESSAGES.tooManyRequests });
      const retryAfter = Number(res.headers.get("Retry-After"));
      assert.ok(retryAfter > 0 && retryAfter <= 3600, `Retry-After ${retryAfter}`);
    };
    let perAddress: { status: number; body: unknown; headers: Headers } | null = null;

    await t.step("the sixth request for one address within the hour is refused, customer or not", async () => {
      for (const email of ["dana.whitfield@example.com", "nobody@example.com"]) {
        for (let i = 0; i < 5; i++) {
          assert.equal((await ask(ctx, email, `198.51.100.${i + 1}`)).status, 202, `${email} #${i + 1}`);
        }
        perAddress = await ask(ctx, email, "198.51.100.99");
        assertRefused(perAddress);
      }
      assert.equal(await signInMails(ctx), 5, "five e-mails to the customer, none to the stranger");
    });

    await t.step("the 21st request from one client within the hour is refused, whatever the address", async () => {
      for (let i = 0; i < 20; i++) {
        assert.equal((await ask(ctx, `person${i}@example.com`, "192.0.2.7")).status, 202, `#${i + 1}`);
      }
      const perClient = await ask(ctx, "person-new@example.com", "192.0.2.7");
      assertRefused(perClient);
      assert.deepEqual(perClient.body, perAddress!.body, "the same words whichever limit");
      assert.equal((await ask(ctx, "person-new@example.com", "192.0.2.8")).status, 202, "another client may");
    });

    await t.step("an hour later the address may ask again", async () => {
      ctx.clock.advance(60 * MINUTE + 1000);
      assert.equal((await ask(ctx, "dana.whitfield@example.com", "198.51.100.1")).status, 202);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("customer sessions: scoped to the address, refused by staff routes, revoked by signing out", async (t) => {
  const ctx = await createTestContext();
  try {
    const dana = await book(ctx, "Dana.Whitfield@Example.com");
    const token = await signInCustomer(ctx, "DANA.whitfield@example.com");
    const tech = await addStaff(ctx, "Tina Tech");

    await t.step("the session sees the address's bookings whatever their case", async () => {
      const res = await ctx.request<DataEnvelope<PortalVisits>>("GET", "/api/portal/visits", { token });
      assert.equal(res.status, 200);
      assert.deepEqual(
        res.body.data.upcoming.map((v) => v._id),
        [dana._id],
      );
    });

    await t.step("a customer session on staff routes is 403; a staff token on the portal is 403", async () => {
      for (const [method, path] of [
        ["GET", "/api/bookings"],
        ["GET", `/api/bookings/${dana._id}`],
        ["GET", "/api/settings"],
        ["POST", "/api/auth/logout"],
      ] as const) {
        const res = await ctx.request(method, path, { token });
        assert.equal(res.status, 403, `${method} ${path}`);
        assert.deepEqual(res.body, { message: MESSAGES.forbidden });
      }
      for (const staff of [ctx.adminToken, tech.token]) {
        const res = await ctx.request("GET", "/api/portal/visits", { token: staff });
        assert.equal(res.status, 403);
        assert.deepEqual(res.body, { message: MESSAGES.forbidden });
      }
      const forged = await ctx.request("GET", "/api/bookings", { token: `cust_${"A".repeat(43)}` });
      assert.equal(forged.status, 401, "a token of the customer's shape that is no session is no sign-in at all");
    });

    await t.step("the page asks who is signed in", async () => {
      const res = await ctx.request<DataEnvelope<CustomerSessionResponse>>("GET", "/api/portal/sessions/current", {
        token,
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.email, "dana.whitfield@example.com");
      assert.equal(res.headers.get("Cache-Control"), "private, no-store");
      assert.equal((await ctx.request("GET", "/api/portal/sessions/current")).status, 401);
    });

    await t.step(
      "a write with the cookie from another site, or with no Origin, is 403 and changes nothing",
      async () => {
        // "": no Origin at all (the test's request sends the site's own otherwise).
        for (const origin of ["https://evil.example", "null", "http://localhost.evil.example", ""]) {
          const headers = { Origin: origin };
          const put = await ctx.request("PUT", "/api/portal/preferences", {
            token,
            headers,
            body: { visitReminders: false },
          });
          assert.equal(put.status, 403, `PUT from "${origin}"`);
          assert.deepEqual(put.body, { message: PORTAL_MESSAGES.crossSite });
          const out = await ctx.request("DELETE", "/api/portal/sessions/current", { token, headers });
          assert.equal(out.status, 403, `DELETE from "${origin}"`);
        }
        const prefs = await ctx.request<DataEnvelope<{ visitReminders: boolean }>>("GET", "/api/portal/preferences", {
          token,
        });
        assert.equal(prefs.body.data.visitReminders, true, "the refused write changed nothing");
        assert.equal((await ctx.request("GET", "/api/portal/visits", { token })).status, 200, "still signed in");
        const site = await ctx.request("PUT", "/api/portal/preferences", {
          token,
          headers: { Origin: "http://localhost:8080" },
          body: { visitReminders: true },
        });
        assert.equal(site.status, 200, "the site's public origin (PUBLIC_URL) is its own");
      },
    );

    await t.step("another site cannot sign the browser in with its own link", async () => {
      await ask(ctx, "dana.whitfield@example.com", "203.0.113.9");
      const link = await signInTokenFor(ctx, "dana.whitfield@example.com");
      const res = await ctx.request("POST", "/api/portal/sessions", {
        body: { token: link },
        headers: { Origin: "https://evil.example" },
      });
      assert.equal(res.status, 403);
      assert.equal(res.headers.get("Set-Cookie"), null);
      assert.equal((await open(ctx, link)).status, 201, "the refused attempt did not use the link up");
    });

    await t.step("signing out revokes the session at once and clears its cookie; another session stays", async () => {
      const other = await signInCustomer(ctx, "dana.whitfield@example.com");
      const out = await ctx.request("DELETE", "/api/portal/sessions/current", { token });
      assert.equal(out.status, 204);
      assert.match(out.headers.get("Set-Cookie") ?? "", /^__Host-clearflow-portal=; Max-Age=0; .*Secure/);
      const after = await ctx.request("GET", "/api/portal/visits", { token });
      assert.equal(after.status, 401);
      assert.equal((await ctx.request("DELETE", "/api/portal/sessions/current", { token })).status, 401);
      assert.equal((await ctx.request("GET", "/api/portal/visits", { token: other })).status, 200);
      const [row] = await ctx.sql<{ clear: number; hashed: number }[]>`
        select count(*) filter (where token_hash = ${token})::int as clear,
               count(*) filter (where token_hash = encode(sha256(convert_to(${token}, 'UTF8')), 'hex'))::int as hashed
        from customer_sessions`;
      assert.deepEqual(row, { clear: 0, hashed: 1 }, "the session token is stored only as its hash");
    });

    await t.step("a session ends after 30 days", async () => {
      const session = await signInCustomer(ctx, "dana.whitfield@example.com");
      ctx.clock.advance(30 * 24 * 60 * MINUTE - 1000);
      assert.equal((await ctx.request("GET", "/api/portal/visits", { token: session })).status, 200);
      ctx.clock.advance(2000);
      assert.equal((await ctx.request("GET", "/api/portal/visits", { token: session })).status, 401);
    });
  } finally {
    await ctx.close();
  }
});
