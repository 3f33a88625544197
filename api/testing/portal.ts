import assert from "node:assert/strict";
import { CUSTOMER_SESSION_COOKIE, type CustomerSessionResponse } from "../contracts/portal/portal.ts";
import type { Booking } from "../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../contracts/common/wire.ts";
import type { TestContext } from "./context.ts";
import { bookingBody } from "./fixtures.ts";

/** The header a customer's browser sends their session in. */
export const customerCookie = (token: string) => `__Host-${CUSTOMER_SESSION_COOKIE}=${token}`;

/** The token of the newest sign-in link e-mailed to `email` (read from the outbox, as the customer would). */
export async function signInTokenFor(ctx: TestContext, email: string): Promise<string> {
  const [row] = await ctx.sql<{ text: string }[]>`
    select message->>'text' as text from outbox
    where kind = 'portal-sign-in' and lower(to_address) = lower(${email}) order by seq desc limit 1`;
  assert.ok(row, `a sign-in e-mail to ${email}`);
  const match = /\/portal\/sign-in\/([A-Za-z0-9_-]{43})/.exec(row.text);
  assert.ok(match, "the e-mail holds a /portal/sign-in/{token} link");
  return match[1]!;
}

/**
 * Signs a customer in as they would: asks for a link, opens it; their session token, from the cookie it was set in
 * (ctx.request sends a token shaped like it as that cookie).
 */
export async function signInCustomer(ctx: TestContext, email: string): Promise<string> {
  const asked = await ctx.request("POST", "/api/portal/sign-in", { body: { email } });
  assert.equal(asked.status, 202, JSON.stringify(asked.body));
  const opened = await ctx.request<CustomerSessionResponse>("POST", "/api/portal/sessions", {
    body: { token: await signInTokenFor(ctx, email) },
  });
  assert.equal(opened.status, 201, JSON.stringify(opened.body));
  const cookie = new RegExp(`${customerCookie("")}([^;]+)`).exec(opened.headers.get("Set-Cookie") ?? "");
  assert.ok(cookie, "the session is set as its cookie");
  return cookie[1]!;
}

/** A customer who has booked once and signed in: their session token and their booking's id. */
export async function bookedAndSignedIn(
  ctx: TestContext,
  email: string,
): Promise<{ token: string; bookingId: string }> {
  const booked = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body: bookingBody({ email }) });
  assert.equal(booked.status, 201, JSON.stringify(booked.body));
  return { token: await signInCustomer(ctx, email), bookingId: booked.body.data._id };
}
