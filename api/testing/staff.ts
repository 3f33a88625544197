import assert from "node:assert/strict";
import type { Booking } from "../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../contracts/common/wire.ts";
import type { LoginResponse, StaffMember } from "../contracts/staff/staff.ts";
import type { TestContext } from "./context.ts";

export const STAFF_PASSWORD = "a long enough staff passphrase";

/** The token of the newest invitation e-mailed to `email` (read from the outbox, as the person would). */
export async function invitationTokenFor(ctx: TestContext, email: string): Promise<string> {
  const [row] = await ctx.sql<{ text: string }[]>`
    select message->>'text' as text from outbox
    where kind = 'staff-invitation' and to_address = ${email} order by seq desc limit 1`;
  assert.ok(row, `an invitation e-mail to ${email}`);
  const match = /\/invite\/([A-Za-z0-9_-]{43})/.exec(row.text);
  assert.ok(match, "the e-mail holds an /invite/{token} link");
  return match[1]!;
}

/** Invites a person as the test admin and accepts the invitation: the member and their signed-in token. */
export async function addStaff(
  ctx: TestContext,
  name: string,
  role: "admin" | "technician" = "technician",
): Promise<{ member: StaffMember; token: string }> {
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@staff.example.com`;
  const created = await ctx.asAdmin<DataEnvelope<StaffMember>>("POST", "/api/staff", {
    body: { name, email, role },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const token = await invitationTokenFor(ctx, email);
  const accepted = await ctx.request<LoginResponse>("POST", `/api/invitations/${token}`, {
    body: { password: STAFF_PASSWORD },
  });
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  return { member: { ...created.body.data, status: "active" }, token: accepted.body.token };
}

/** Gives a booking to a technician as the test admin; fails the test unless the server takes it. */
export async function assignJob(ctx: TestContext, bookingId: string, technicianId: string): Promise<Booking> {
  const res = await ctx.asAdmin<DataEnvelope<Booking>>("PUT", `/api/bookings/${bookingId}/assignment`, {
    body: { technicianId },
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}
