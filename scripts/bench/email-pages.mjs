// The pages a customer opens from an e-mail on a phone, made through the API as the office makes them: a booking,
// its estimate sent, its invoice, and the customer's page through a sign-in link. Each page is a function giving the
// address to open, since a sign-in link works once and a Lighthouse run that has to be repeated needs a new one.
/* global fetch -- Node 20 has it; the lint config lists no Node globals for scripts. */
import postgres from "postgres";
import { bookingBody } from "./booking-body.mjs";

const SIGN_IN_LINK = /\/portal\/sign-in\/[A-Za-z0-9_-]{43}/;

/** The cookie the customer's session travels in (api/http/customer-cookie.ts). */
const SESSION_COOKIE = /__Host-clearflow-portal=[^;]+/;

async function call(api, method, path, { token, body, headers = {}, answer: whole = false } = {}) {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: {
      ...headers,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
  return whole ? res : answer;
}

/**
 * `[{ page, url, headers }]`: the estimate's link, the invoice's link, and the customer's page and a visit on it,
 * signed in (`headers`: the session's cookie, which the browser sends with every request); `url()` answers the
 * address to open.
 */
export async function emailPages(api, databaseUrl, token) {
  const booked = bookingBody(9_000_001, "email-pages");
  const { data: booking } = await call(api, "POST", "/api/bookings", { body: booked });
  const { data: book } = await call(api, "GET", "/api/price-book", { token });
  const line = (item) => ({ priceBookItemId: item._id, quantity: 1 });
  const { data: estimate } = await call(api, "POST", "/api/estimates", {
    token,
    body: {
      bookingId: booking._id,
      message: "The dryer transition behind the unit is crushed.",
      options: [
        { title: "Repair", lines: [line(book[0])] },
        { title: "Repair and protect", lines: [line(book[0]), line(book[1])] },
      ],
    },
  });
  await call(api, "POST", `/api/estimates/${estimate._id}/send`, { token });
  const { data: invoice } = await call(api, "POST", `/api/bookings/${booking._id}/invoice`, { token });

  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  /** Signs the customer in as their phone does from the e-mailed link: the session's cookie. */
  const signIn = async () => {
    const token = (await signInLink()).split("/").pop();
    // The exchange is the site's own page's: it sends the site's Origin.
    const res = await call(api, "POST", "/api/portal/sessions", {
      body: { token },
      headers: { Origin: api.url },
      answer: true,
    });
    const cookie = SESSION_COOKIE.exec(res.headers.get("set-cookie") ?? "")?.[0];
    if (!cookie) throw new Error("POST /api/portal/sessions set no session cookie");
    return cookie;
  };
  const signInLink = async () => {
    await call(api, "POST", "/api/portal/sign-in", { body: { email: booked.email } });
    // The instances measured run no mail worker: the link is read from the message the outbox holds for it.
    const [row] = await sql`
      select message::text as message from outbox
      where lower(to_address) = ${booked.email} and message::text like '%/portal/sign-in/%'
      order by seq desc limit 1`;
    const path = row && SIGN_IN_LINK.exec(row.message)?.[0];
    if (!path) throw new Error(`no sign-in link in the outbox for ${booked.email}`);
    return path;
  };
  const signedIn = { Cookie: await signIn() };
  return {
    pages: [
      { page: "/estimates/{token}", url: async () => `/estimates/${estimate.token}` },
      { page: "/invoices/{token}", url: async () => `/invoices/${invoice.token}` },
      { page: "/portal (signed in)", url: async () => "/portal", headers: signedIn },
      { page: "/portal/visits/{id}", url: async () => `/portal/visits/${booking._id}`, headers: signedIn },
    ],
    close: () => sql.end(),
  };
}
