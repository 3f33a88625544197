// Direct calls to the real API from the test runner (Playwright's `request` fixture): setup and server-side checks.
import { expect, type APIRequestContext, type BrowserContext } from "@playwright/test";
import type { Booking } from "../../api/contracts/bookings/booking.ts";
import type { Estimate } from "../../api/contracts/estimates/estimate.ts";
import type { Invoice } from "../../api/contracts/invoices/invoice.ts";
import type { PriceBookItem } from "../../api/contracts/price-book/item.ts";
import { E2E_ADMIN } from "../env.mjs";
import { bookingPayload, nextWorkday, uniqueEmail, uniqueName, type BookingPayload } from "./data.ts";
import { waitForMail } from "./mail.ts";

export type StoredBooking = Booking;

export interface Session {
  token: string;
  user: { email: string; name?: string };
}

/** POST /api/auth/login as the e2e admin. */
export async function adminSession(request: APIRequestContext): Promise<Session> {
  const response = await request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(response.status(), "admin login").toBe(200);
  return (await response.json()) as Session;
}

/** Signs a browser context in the way the login screen does: token and user in local storage. */
export async function signIn(context: BrowserContext, request: APIRequestContext): Promise<Session> {
  const session = await adminSession(request);
  await signInAs(context, session);
  return session;
}

/** POST /api/bookings: a valid booking on its own slot and e-mail; answers the stored booking. */
export async function createBooking(
  request: APIRequestContext,
  overrides: Partial<BookingPayload> = {},
): Promise<StoredBooking> {
  // What the test did not choose of the slot is random, and another spec's bookings may already fill it (409):
  // another random date or time is as good, so a few are tried. A slot the test chose whole is asked for once.
  const chosen = overrides.cleaningDate !== undefined && overrides.cleaningTime !== undefined;
  for (let attempt = 1; ; attempt++) {
    const response = await request.post("/api/bookings", { data: bookingPayload(overrides) });
    if (response.status() === 409 && !chosen && attempt < 8) continue;
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { data: StoredBooking }).data;
  }
}

/** Every booking, newest first: each page of GET /api/bookings with an admin token. */
/** The server's bookings with this e-mail (found by the list's search, every page of it). */
export async function bookingsByEmail(
  request: APIRequestContext,
  token: string,
  email: string,
): Promise<StoredBooking[]> {
  const rows: StoredBooking[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `q=${encodeURIComponent(email)}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const response = await request.get(`/api/bookings?${query}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status()).toBe(200);
    const page = (await response.json()) as { data: StoredBooking[]; nextCursor: string | null };
    rows.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return rows.filter((b) => b.email === email);
}

/** One booking as the server holds it now (GET /api/bookings/{id}); null once it is gone (404). */
export async function bookingOnServer(
  request: APIRequestContext,
  token: string,
  id: string,
): Promise<StoredBooking | null> {
  const response = await request.get(`/api/bookings/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  if (response.status() === 404) return null;
  expect(response.status()).toBe(200);
  return (await response.json()) as StoredBooking;
}

export interface Technician {
  session: Session & { user: { _id: string; name: string; email: string; role: string } };
  name: string;
}

/**
 * A technician with a password, made as the office does it: added by the admin (POST /api/staff), then the
 * invitation from their e-mail accepted (POST /api/invitations/{token}).
 */
export function createTechnician(request: APIRequestContext, admin: Session, name: string): Promise<Technician> {
  return createStaff(request, admin, name, "technician");
}

/** A staff member of `role` with a password, made as createTechnician makes a technician. */
export async function createStaff(
  request: APIRequestContext,
  admin: Session,
  name: string,
  role: "admin" | "technician",
): Promise<Technician> {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.com`;
  const added = await request.post("/api/staff", {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { name, email, role },
  });
  expect(added.status(), await added.text()).toBe(201);
  const mail = await waitForMail(email, /invit/i);
  const token = /\/invite\/([^\s"'<>)]+)/.exec(mail.text ?? "")?.[1];
  expect(token, "an invitation link").toBeTruthy();
  const accepted = await request.post(`/api/invitations/${token}`, {
    data: { password: "Crawl space in Gastonia 2027" },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { session: (await accepted.json()) as Technician["session"], name };
}

/** PUT /api/bookings/{id}/assignment as the admin. */
export async function assign(request: APIRequestContext, admin: Session, booking: Booking, technicianId: string) {
  const response = await request.put(`/api/bookings/${booking._id}/assignment`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { technicianId, version: booking.version },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Booking }).data;
}

/** Signs a browser context in as `session`'s person: token and user in local storage, as the login screen does. */
export async function signInAs(context: BrowserContext, session: Session): Promise<void> {
  await context.addInitScript(({ token, user }) => {
    if (!sessionStorage.getItem("e2e-signed-in")) {
      // Once per tab, so a test can still log out and stay logged out across navigations.
      sessionStorage.setItem("e2e-signed-in", "1");
      localStorage.setItem("token", token);
      localStorage.setItem("user", JSON.stringify(user));
    }
  }, session);
}

/**
 * A job as a technician's day starts: a new technician, and a booking of a new customer on the next workday assigned
 * to them. `who` is the customer's name as the screens show it.
 */
export async function assignedJob(
  request: APIRequestContext,
  admin: Session,
  tags: { tech: string; customer: string },
) {
  const tech = await createTechnician(request, admin, uniqueName(tags.tech));
  const customer = uniqueName(tags.customer);
  const email = uniqueEmail(tags.customer.toLowerCase());
  const booking = await assign(
    request,
    admin,
    await createBooking(request, { lastName: customer, email, cleaningDate: nextWorkday() }),
    tech.session.user._id,
  );
  return { tech, customer, email, booking, who: `${booking.firstName} ${customer}` };
}

/** POST /api/bookings/{id}/invoice as `admin`: the new invoice, as staff read it. */
export async function createInvoice(request: APIRequestContext, admin: Session, bookingId: string): Promise<Invoice> {
  const invoiced = await request.post(`/api/bookings/${bookingId}/invoice`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(invoiced.status(), await invoiced.text()).toBe(201);
  return ((await invoiced.json()) as { data: Invoice }).data;
}

/** POST /api/bookings/{id}/invoice as `admin`: the new invoice's number. */
export async function invoiceBooking(request: APIRequestContext, admin: Session, bookingId: string): Promise<string> {
  return (await createInvoice(request, admin, bookingId)).number;
}

/**
 * POST /api/estimates as `admin`: one option, `title`, of one price-book item named `item`, asking its own deposit
 * (a percent or an amount); the estimate made.
 */
export async function createDepositEstimate(
  request: APIRequestContext,
  admin: Session,
  bookingId: string,
  option: { title: string; item: string; deposit: { depositPercent: number } | { depositCents: number } },
): Promise<Estimate> {
  const headers = { Authorization: `Bearer ${admin.token}` };
  const book = ((await (await request.get("/api/price-book", { headers })).json()) as { data: PriceBookItem[] }).data;
  const item = book.find((i) => i.name === option.item)!;
  const created = await request.post("/api/estimates", {
    headers,
    data: {
      bookingId,
      options: [{ title: option.title, lines: [{ priceBookItemId: item._id, quantity: 1 }], ...option.deposit }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { data: Estimate }).data;
}
