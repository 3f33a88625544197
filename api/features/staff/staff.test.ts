import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { InvitationView, LoginResponse, StaffMember, StaffUpdateResponse } from "../../contracts/staff/staff.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { createTestContext, TEST_ADMIN } from "../../testing/context.ts";
import { addStaff, invitationTokenFor, STAFF_PASSWORD } from "../../testing/staff.ts";
import { INVITATION_LIFETIME_MS } from "./tokens.ts";

type Body = { message?: string };

Deno.test("staff: invitations are e-mailed, single use and expire after 7 days", async (t) => {
  const ctx = await createTestContext();
  const invite = (body: unknown) => ctx.asAdmin<DataEnvelope<StaffMember> & Body>("POST", "/api/staff", { body });
  try {
    await t.step("an admin adds a technician: 201, invited, and an e-mail with /invite/{token}", async () => {
      const res = await invite({ name: "Tess Tech", email: "Tess@Staff.example.com", role: "technician" });
      assert.equal(res.status, 201);
      const member = res.body.data;
      assert.equal(member.email, "tess@staff.example.com");
      assert.equal(member.role, "technician");
      assert.equal(member.status, "invited");
      assert.match(member.color, /^#[0-9a-f]{6}$/);
      assert.equal(member.lastSignInAt, null);
      const [mail] = await ctx.sql<{ subject: string; text: string }[]>`
        select subject, message->>'text' as text from outbox where kind = 'staff-invitation'`;
      assert.ok(mail);
      assert.match(mail.text, /http:\/\/localhost:8080\/invite\/[A-Za-z0-9_-]{43}/);
      const [{ count }] = await ctx.sql<{ count: number }[]>`
        select count(*)::int as count from staff_invitations where token_hash like '%' || ${mail.text.slice(-20)}`;
      assert.equal(count, 0, "the token itself is not stored");
      const again = await invite({ name: "Tess Again", email: "tess@staff.example.com", role: "admin" });
      assert.equal(again.status, 409);
      assert.equal(again.body.message, MESSAGES.staffEmailTaken);
      const owner = await invite({ name: "New Owner", email: "o@staff.example.com", role: "owner" });
      assert.equal(owner.status, 400, "owners are not invited");
    });

    await t.step("an invited person cannot log in; the link names them; a common password is refused", async () => {
      const token = await invitationTokenFor(ctx, "tess@staff.example.com");
      const login = await ctx.request("POST", "/api/auth/login", {
        body: { email: "tess@staff.example.com", password: STAFF_PASSWORD },
      });
      assert.equal(login.status, 401);
      const view = await ctx.request<InvitationView>("GET", `/api/invitations/${token}`);
      assert.equal(view.status, 200);
      assert.deepEqual(view.body, { name: "Tess Tech", email: "tess@staff.example.com" });
      for (const password of ["short pass", "password1234", "Correct Horse Battery Staple"]) {
        const res = await ctx.request("POST", `/api/invitations/${token}`, { body: { password } });
        assert.equal(res.status, 400, password);
      }
      assert.equal((await ctx.request("GET", `/api/invitations/${"x".repeat(43)}`)).status, 404);
      assert.equal((await ctx.request("GET", "/api/invitations/not-a-token")).status, 404);
    });

    await t.step("accepting signs the person in as a login does; the link then answers 410", async () => {
      const token = await invitationTokenFor(ctx, "tess@staff.example.com");
      const res = await ctx.request<LoginResponse>("POST", `/api/invitations/${token}`, {
        body: { password: STAFF_PASSWORD },
      });
      assert.equal(res.status, 200);
      assert.deepEqual(Object.keys(res.body.user).sort(), ["_id", "email", "locale", "name", "role"]);
      assert.equal(res.body.user.role, "technician");
      assert.equal((await ctx.request("GET", "/api/bookings", { token: res.body.token })).status, 200);
      const reuse = await ctx.request<Body>("POST", `/api/invitations/${token}`, {
        body: { password: "another long passphrase" },
      });
      assert.equal(reuse.status, 410);
      assert.equal(reuse.body.message, MESSAGES.invitationGone);
      assert.equal((await ctx.request("GET", `/api/invitations/${token}`)).status, 410);
      const login = await ctx.request<LoginResponse>("POST", "/api/auth/login", {
        body: { email: "tess@staff.example.com", password: STAFF_PASSWORD },
      });
      assert.equal(login.status, 200);
      assert.equal(login.body.user.role, "technician");
      const list = await ctx.asAdmin<StaffMember[]>("GET", "/api/staff");
      const tess = list.body.find((m) => m.email === "tess@staff.example.com")!;
      assert.equal(tess.status, "active");
      assert.equal(tess.lastSignInAt, ctx.clock.now().toISOString());
      assert.equal(list.body[0]!.role, "owner", "the owner first");
    });

    await t.step("an invitation expires after 7 days (test clock); a resend replaces it", async () => {
      const res = await invite({ name: "Late Larry", email: "larry@staff.example.com", role: "admin" });
      const first = await invitationTokenFor(ctx, "larry@staff.example.com");
      ctx.clock.advance(INVITATION_LIFETIME_MS - 1000);
      assert.equal((await ctx.request("GET", `/api/invitations/${first}`)).status, 200, "still valid on day 7");
      ctx.clock.advance(1000);
      assert.equal((await ctx.request("GET", `/api/invitations/${first}`)).status, 410);
      const late = await ctx.request("POST", `/api/invitations/${first}`, { body: { password: STAFF_PASSWORD } });
      assert.equal(late.status, 410);

      const resend = await ctx.asAdmin("POST", `/api/staff/${res.body.data._id}/invitation`);
      assert.equal(resend.status, 200);
      const second = await invitationTokenFor(ctx, "larry@staff.example.com");
      assert.notEqual(second, first);
      assert.equal((await ctx.request("GET", `/api/invitations/${first}`)).status, 404, "the old link is replaced");
      const ok = await ctx.request<LoginResponse>("POST", `/api/invitations/${second}`, {
        body: { password: STAFF_PASSWORD },
      });
      assert.equal(ok.status, 200);
      assert.equal(ok.body.user.role, "admin");
      const tooLate = await ctx.asAdmin<Body>("POST", `/api/staff/${res.body.data._id}/invitation`);
      assert.equal(tooLate.status, 409, "an active person gets no new invitation");
    });

    await t.step("deactivating an invited person kills their link; reactivated, they are invited again", async () => {
      const res = await invite({ name: "Gone Gina", email: "gina@staff.example.com", role: "technician" });
      const token = await invitationTokenFor(ctx, "gina@staff.example.com");
      const off = await ctx.asAdmin<StaffUpdateResponse>("PUT", `/api/staff/${res.body.data._id}`, {
        body: { active: false },
      });
      assert.equal(off.status, 200);
      assert.equal(off.body.data.status, "deactivated");
      assert.equal((await ctx.request("GET", `/api/invitations/${token}`)).status, 404, "the link is dropped");
      const on = await ctx.asAdmin<StaffUpdateResponse>("PUT", `/api/staff/${res.body.data._id}`, {
        body: { active: true },
      });
      assert.equal(on.body.data.status, "invited", "no password yet");
      assert.equal((await ctx.asAdmin("POST", `/api/staff/${res.body.data._id}/invitation`)).status, 200);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("staff: owners, roles and deactivation", async (t) => {
  const ctx = await createTestContext();
  try {
    const office = await addStaff(ctx, "Olive Office", "admin");
    const tech = await addStaff(ctx, "Terry Tech");
    const put = (id: string, body: unknown, token: string) =>
      ctx.request<StaffUpdateResponse & Body>("PUT", `/api/staff/${id}`, { body, token });

    await t.step("only an owner changes an owner, and the last owner stays one", async () => {
      const byAdmin = await put(ctx.admin._id, { active: false }, office.token);
      assert.equal(byAdmin.status, 403);
      assert.equal(byAdmin.body.message, MESSAGES.onlyOwnerChangesOwner);
      assert.equal((await put(office.member._id, { role: "owner" }, office.token)).status, 403);
      const demote = await put(ctx.admin._id, { role: "admin" }, ctx.adminToken);
      assert.equal(demote.status, 409);
      assert.equal(demote.body.message, MESSAGES.lastOwner);
      assert.equal((await put(ctx.admin._id, { active: false }, ctx.adminToken)).status, 409);
      assert.equal((await ctx.request("GET", "/api/staff", { token: ctx.adminToken })).status, 200, "still owner");
    });

    await t.step("an admin renames a technician and sets their colour", async () => {
      const res = await put(
        tech.member._id,
        { name: "Terry T.", color: "#AA0000", phone: "(704) 555-0100" },
        office.token,
      );
      assert.equal(res.status, 200);
      assert.equal(res.body.data.name, "Terry T.");
      assert.equal(res.body.data.color, "#aa0000");
      assert.deepEqual(res.body.jobsToReassign, []);
      assert.equal((await ctx.request("GET", "/api/bookings", { token: tech.token })).status, 200, "still signed in");
      assert.equal((await put(crypto.randomUUID(), { name: "X" }, office.token)).status, 404);
    });

    await t.step("deactivating revokes the tokens, closes the sockets and lists the jobs left", async () => {
      const booking = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
        body: (await import("../../testing/fixtures.ts")).bookingBody(),
      });
      const assigned = await ctx.asAdmin("PUT", `/api/bookings/${booking.body.data._id}/assignment`, {
        body: { technicianId: tech.member._id },
      });
      assert.equal(assigned.status, 200);
      const res = await put(tech.member._id, { active: false }, office.token);
      assert.equal(res.status, 200);
      assert.equal(res.body.data.status, "deactivated");
      assert.deepEqual(
        res.body.jobsToReassign.map((b) => b._id),
        [booking.body.data._id],
        "the upcoming job is answered, still assigned",
      );
      assert.equal(res.body.jobsToReassign[0]!.technicianId, tech.member._id);
      assert.deepEqual(ctx.events.events.at(-1), { event: "tokensRevoked", payload: { adminId: tech.member._id } });
      assert.equal((await ctx.request("GET", "/api/bookings", { token: tech.token })).status, 401);
      const login = await ctx.request("POST", "/api/auth/login", {
        body: { email: tech.member.email, password: STAFF_PASSWORD },
      });
      assert.equal(login.status, 401, "a deactivated person cannot log in");
      const again = await ctx.asAdmin<Body>("PUT", `/api/bookings/${booking.body.data._id}/assignment`, {
        body: { technicianId: tech.member._id },
      });
      assert.equal(again.status, 200, "keeping the same technician is no new assignment");
      const other = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
        body: (await import("../../testing/fixtures.ts")).bookingBody({ cleaningTime: "10:00 AM" }),
      });
      const refused = await ctx.asAdmin<Body>("PUT", `/api/bookings/${other.body.data._id}/assignment`, {
        body: { technicianId: tech.member._id },
      });
      assert.equal(refused.status, 422);
      assert.equal(refused.body.message, MESSAGES.notATechnician);
    });

    await t.step("a reactivated person signs in again", async () => {
      const res = await put(tech.member._id, { active: true }, office.token);
      assert.equal(res.body.data.status, "active");
      const login = await ctx.request("POST", "/api/auth/login", {
        body: { email: tech.member.email, password: STAFF_PASSWORD },
      });
      assert.equal(login.status, 200);
    });

    await t.step("a second owner may demote the first; a role change signs the person out", async () => {
      assert.equal((await put(office.member._id, { role: "owner" }, ctx.adminToken)).status, 200);
      const officeLogin = await ctx.request<LoginResponse>("POST", "/api/auth/login", {
        body: { email: office.member.email, password: STAFF_PASSWORD },
      });
      assert.equal(officeLogin.body.user.role, "owner");
      assert.equal((await ctx.request("GET", "/api/staff", { token: office.token })).status, 401, "old role's token");
      const demoted = await put(ctx.admin._id, { role: "admin" }, officeLogin.body.token);
      assert.equal(demoted.status, 200);
      const me = await ctx.request<LoginResponse>("POST", "/api/auth/login", {
        body: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
      });
      assert.equal(me.body.user.role, "admin");
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("a person invited in Spanish gets the invitation, and later the new sign-in e-mail, in Spanish", async () => {
  const ctx = await createTestContext();
  try {
    const res = await ctx.asAdmin<DataEnvelope<StaffMember>>("POST", "/api/staff", {
      body: { name: "Tomás Técnico", email: "tomas@staff.example.com", role: "technician", locale: "es" },
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.data.locale, "es");
    const [invitation] = await ctx.sql<{ subject: string; text: string }[]>`
      select subject, message->>'text' as text from outbox where kind = 'staff-invitation'`;
    assert.equal(invitation!.subject, `Su invitación a ${ctx.config.profile.name}`);
    assert.ok(invitation!.text.startsWith("Hola Tomás Técnico:"), invitation!.text);
    assert.match(invitation!.text, /El enlace funciona una sola vez, hasta el \d+ de [a-z]+ de \d{4}/);

    const token = await invitationTokenFor(ctx, "tomas@staff.example.com");
    const accepted = await ctx.request("POST", `/api/invitations/${token}`, { body: { password: STAFF_PASSWORD } });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    const login = await ctx.request("POST", "/api/auth/login", {
      body: { email: "tomas@staff.example.com", password: STAFF_PASSWORD },
      headers: {
        "User-Agent": "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1",
      },
    });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    const signIns = await ctx.sql<{ subject: string; text: string }[]>`
      select subject, message->>'text' as text from outbox
      where kind = 'staff-new-sign-in' and to_address = 'tomas@staff.example.com'`;
    assert.ok(signIns.length >= 1, "a sign-in from a device not seen before is told");
    for (const mail of signIns) {
      assert.equal(mail.subject, `Nuevo inicio de sesión en su cuenta de ${ctx.config.profile.name}`);
      assert.ok(mail.text.includes("Si no fue usted, abra Dispositivos"), mail.text);
    }
    const english = await ctx.sql`
      select 1 from outbox where kind = 'staff-new-sign-in' and to_address = ${TEST_ADMIN.email}
        and subject not like 'New sign-in to your %'`;
    assert.equal(english.length, 0, "an English account's e-mails stay English");
  } finally {
    await ctx.close();
  }
});
