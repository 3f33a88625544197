import assert from "node:assert/strict";
import type { Booking } from "../../../contracts/bookings/booking.ts";
import { MESSAGES } from "../../../contracts/common/messages.ts";
import type { DataEnvelope } from "../../../contracts/common/wire.ts";
import type { Unsubscribed } from "../../../contracts/outbox/reminders.ts";
import {
  PORTAL_MESSAGES,
  type PortalPreferences,
  type PortalVisit,
  type PortalVisitDetails,
  type PortalVisits,
} from "../../../contracts/portal/portal.ts";
import type { JobDetails } from "../../../contracts/visit/job.ts";
import { dropCheck } from "../../../outbox/mail/policy.ts";
import { createTestContext, type TestContext } from "../../../testing/context.ts";
import { bookingBody } from "../../../testing/fixtures.ts";
import { TINY_JPEG, TINY_PNG } from "../../../testing/images.ts";
import { customerCookie, signInCustomer } from "../../../testing/portal.ts";
import { addStaff, assignJob } from "../../../testing/staff.ts";

type Body = { message?: string };

async function book(ctx: TestContext, email: string, cleaningDate: string, cleaningTime = "9:00 AM") {
  const res = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
    body: bookingBody({ email, cleaningDate, cleaningTime }),
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data;
}

/** A visit done by its technician as the office records it: stages, a note, two photos, the signature. */
async function completeVisit(ctx: TestContext, id: string) {
  const staff = { token: ctx.adminToken };
  const upload = async (path: string, bytes: Uint8Array, type: string) => {
    const res = await ctx.request<Body>("POST", `/api/bookings/${id}/${path}`, {
      ...staff,
      rawBody: bytes as Uint8Array<ArrayBuffer>,
      headers: { "Content-Type": type, "Idempotency-Key": crypto.randomUUID() },
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
  };
  for (const stage of ["en_route", "on_site"]) {
    const res = await ctx.asAdmin<Body>("PUT", `/api/bookings/${id}/visit`, { body: { stage } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  }
  await upload("photos?kind=before", TINY_JPEG, "image/jpeg");
  await upload("photos?kind=after", TINY_JPEG, "image/jpeg");
  await upload("signature", TINY_PNG, "image/png");
  const note = await ctx.asAdmin<Body>("POST", `/api/bookings/${id}/notes`, { body: { text: "Replaced a filter." } });
  assert.equal(note.status, 201);
  const done = await ctx.asAdmin<Body>("PUT", `/api/bookings/${id}/visit`, { body: { stage: "completed" } });
  assert.equal(done.status, 200, JSON.stringify(done.body));
}

Deno.test("the customer's visits: upcoming and past, the report, scoping, and the one change path", async (t) => {
  const ctx = await createTestContext({ env: { SLOT_CAPACITY: "4" } });
  try {
    const ann = await addStaff(ctx, "Ann Marie Tech");
    const lastYear = await book(ctx, "dana.whitfield@example.com", "2026-03-03", "11:00 AM");
    const soon = await book(ctx, "Dana.Whitfield@example.com", "2026-03-03", "9:00 AM");
    const later = await book(ctx, "dana.whitfield@example.com", "2026-03-10", "10:00 AM");
    const rita = await book(ctx, "rita@example.com", "2026-03-03", "10:00 AM");
    await assignJob(ctx, lastYear._id, ann.member._id);
    await assignJob(ctx, rita._id, ann.member._id);
    await completeVisit(ctx, lastYear._id);
    await completeVisit(ctx, rita._id);
    const dana = await signInCustomer(ctx, "dana.whitfield@example.com");
    const ritaSession = await signInCustomer(ctx, "rita@example.com");
    const get = <T>(path: string, token = dana) => ctx.request<T & Body>("GET", path, { token });

    await t.step("upcoming (soonest first) and past (completed or cancelled, whatever the date)", async () => {
      const res = await get<DataEnvelope<PortalVisits>>("/api/portal/visits");
      assert.equal(res.status, 200);
      const { upcoming, past, lastDetails } = res.body.data;
      assert.deepEqual(
        upcoming.map((v) => v._id),
        [soon._id, later._id],
      );
      assert.deepEqual(
        past.map((v) => v._id),
        [lastYear._id],
      );
      assert.equal(past[0]!.technicianFirstName, "Ann", "the first name only");
      assert.equal(upcoming[0]!.technicianFirstName, null, "none while unassigned");
      assert.equal(upcoming[0]!.serviceTitle, "Air Duct Cleaning");
      assert.equal(upcoming[0]!.changeable, false, "within 24 hours of the visit");
      assert.equal(upcoming[1]!.changeable, true);
      for (const key of ["technicianId", "technicianName", "version", "comment", "email", "manageToken"]) {
        assert.ok(!(key in upcoming[0]!), `no ${key} in a visit`);
      }
      assert.equal(lastDetails?.email, "dana.whitfield@example.com", "Book again: the last booking's details");
      assert.equal(lastDetails?.serviceType, "air-duct-cleaning");
      assert.ok(lastDetails && !("cleaningDate" in lastDetails), "Book again never carries a date");
    });

    await t.step("a Spanish customer's visits name their service by its Spanish title", async () => {
      const put = await ctx.request("PUT", "/api/portal/language", { token: dana, body: { locale: "es" } });
      assert.equal(put.status, 200, JSON.stringify(put.body));
      const list = await get<DataEnvelope<PortalVisits>>("/api/portal/visits");
      assert.equal(list.body.data.upcoming[0]!.serviceTitle, "Limpieza de ductos de aire");
      const one = await get<DataEnvelope<PortalVisitDetails>>(`/api/portal/visits/${lastYear._id}`);
      assert.equal(one.body.data.serviceTitle, "Limpieza de ductos de aire");
      // Rita's record is English: her visit keeps its English title.
      const hers = await get<DataEnvelope<PortalVisits>>("/api/portal/visits", ritaSession);
      assert.equal(hers.body.data.past[0]!.serviceTitle, "Air Duct Cleaning");
      const back = await ctx.request("PUT", "/api/portal/language", { token: dana, body: { locale: "en" } });
      assert.equal(back.status, 200);
    });

    await t.step(
      "a past visit carries its report: stages with times, checklist, notes, photos, signature",
      async () => {
        const res = await get<DataEnvelope<PortalVisitDetails>>(`/api/portal/visits/${lastYear._id}`);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        const v = res.body.data;
        assert.deepEqual(
          v.visit.history.map((h) => h.stage),
          ["en_route", "on_site", "completed"],
        );
        assert.ok(v.began && v.ended && v.began <= v.ended);
        assert.deepEqual(
          v.notes.map((n) => n.text),
          ["Replaced a filter."],
        );
        assert.ok(
          v.checklist.length > 0 && v.checklist.every((i) => Object.keys(i).sort().join() === "_id,done,label"),
        );
        assert.deepEqual(
          v.photos.map((p) => p.kind),
          ["before", "after"],
        );
        assert.ok(v.photos.every((p) => p.url === `/api/portal/photos/${p._id}`));
        assert.match(v.signature?.url ?? "", /^\/api\/portal\/photos\/[0-9a-f-]{36}$/);
        assert.doesNotMatch(JSON.stringify(v), /Test Admin|admin@test|staff\.example|receivedAt/, "nothing internal");
        const photo = await ctx.app.request(v.photos[0]!.url, { headers: { Cookie: customerCookie(dana) } });
        assert.equal(photo.status, 200);
        assert.equal(photo.headers.get("Content-Type"), "image/jpeg");
        assert.equal(photo.headers.get("Cache-Control"), "private, max-age=31536000, immutable");
        assert.ok((await photo.arrayBuffer()).byteLength > 0);
        const signature = await ctx.app.request(v.signature!.url, { headers: { Cookie: customerCookie(dana) } });
        assert.equal(signature.status, 200);
        assert.equal(signature.headers.get("Content-Type"), "image/png");
      },
    );

    await t.step("another customer's visit and photo are 404, however their ids were learnt", async () => {
      const staffView = await ctx.asAdmin<JobDetails>("GET", `/api/bookings/${rita._id}`);
      const ritaPhoto = staffView.body.photos[0]!._id;
      const ritaSignature = staffView.body.signature!.url.split("/").pop()!;
      const visit = await get(`/api/portal/visits/${rita._id}`);
      assert.equal(visit.status, 404);
      assert.deepEqual(visit.body, { message: PORTAL_MESSAGES.visitNotFound });
      for (const id of [ritaPhoto, ritaSignature, crypto.randomUUID(), "not-an-id"]) {
        const res = await get(`/api/portal/photos/${id}`);
        assert.equal(res.status, 404, id);
        assert.deepEqual(res.body, { message: MESSAGES.photoNotFound });
      }
      assert.equal((await get(`/api/portal/visits/not-an-id`)).status, 404);
      assert.equal((await get(`/api/portal/photos/${ritaPhoto}`, ritaSession)).status, 200, "Rita sees her own");
      const staffRoute = await get(`/api/photos/${ritaPhoto}`);
      assert.equal(staffRoute.status, 403, "the staff's photo route is no customer's");
    });

    await t.step("move and cancel go the one change path, under the manage link's terms", async () => {
      const moved = await ctx.request<DataEnvelope<PortalVisit> & Body>("PUT", `/api/portal/visits/${later._id}`, {
        token: dana,
        body: { cleaningDate: "2026-03-11", cleaningTime: "1:00 PM" },
      });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assert.equal(moved.body.data.cleaningDate, "2026-03-11");
      assert.equal(moved.body.data.status, "pending", "a moved visit waits for the office to confirm it");
      const [audit] = await ctx.sql<{ admin_email: string; admin_id: string | null; action: string }[]>`
        select admin_email, admin_id, action from audit_log where entity_id = ${later._id} order by at desc limit 1`;
      assert.deepEqual(audit, { admin_email: "dana.whitfield@example.com", admin_id: null, action: "update" });
      const [mail] = await ctx.sql<{ n: number }[]>`
        select count(*)::int as n from outbox where booking_id = ${later._id} and kind = 'business-booking-changed'`;
      assert.equal(mail!.n, 1, "the business hears of a customer's change");

      const tooLate = await ctx.request<Body>("POST", `/api/portal/visits/${soon._id}/cancel`, { token: dana });
      assert.equal(tooLate.status, 422);
      assert.equal(tooLate.body.message, MESSAGES.manageTooLate);
      const notTheirs = await ctx.request<Body>("POST", `/api/portal/visits/${rita._id}/cancel`, { token: dana });
      assert.equal(notTheirs.status, 404);
      assert.equal((await ctx.asAdmin<Booking>("GET", `/api/bookings/${rita._id}`)).body.status, "completed");

      const cancelled = await ctx.request<DataEnvelope<PortalVisit>>("POST", `/api/portal/visits/${later._id}/cancel`, {
        token: dana,
      });
      assert.equal(cancelled.status, 200);
      assert.equal(cancelled.body.data.status, "cancelled");
      const list = await get<DataEnvelope<PortalVisits>>("/api/portal/visits");
      assert.deepEqual(
        list.body.data.past.map((v) => v._id).sort(),
        [lastYear._id, later._id].sort(),
        "a cancelled visit is past, whatever its date",
      );
      const closed = await ctx.request<Body>("POST", `/api/portal/visits/${later._id}/cancel`, { token: dana });
      assert.equal(closed.status, 422);
      assert.equal(closed.body.message, MESSAGES.manageClosed);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("the customer's e-mail switches: visit and yearly reminders, the unsubscribe state", async (t) => {
  const ctx = await createTestContext();
  try {
    const booking = await book(ctx, "Dana.Whitfield@example.com", "2026-03-10");
    const token = await signInCustomer(ctx, "dana.whitfield@example.com");
    const prefs = () => ctx.request<DataEnvelope<PortalPreferences>>("GET", "/api/portal/preferences", { token });
    const put = (body: unknown) =>
      ctx.request<DataEnvelope<PortalPreferences> & Body>("PUT", "/api/portal/preferences", { token, body });
    /** Why the worker would not send a visit reminder to Dana that fell due now (null: it would). */
    const visitReminderDrop = (id: string = crypto.randomUUID()) =>
      dropCheck(ctx.sql)(
        {
          id,
          kind: "visit-reminder",
          channel: "mail",
          booking_id: booking._id,
          to_address: "Dana.Whitfield@example.com",
          created_at: ctx.clock.now(),
          message: {},
        },
        ctx.clock.now(),
      );

    await t.step("both on until the customer turns one off", async () => {
      assert.deepEqual((await prefs()).body.data, { visitReminders: true, yearlyReminders: true });
    });

    await t.step("a body that is not an object is refused and changes nothing", async () => {
      for (const body of [[], [false], null, "off"]) {
        const res = await put(body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.ok(res.body.message, "says why");
      }
      assert.deepEqual((await prefs()).body.data, { visitReminders: true, yearlyReminders: true });
    });

    await t.step("visit reminders off: the pending ones are held back when they fall due", async () => {
      const res = await put({ visitReminders: false });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body.data, { visitReminders: false, yearlyReminders: true });
      // The reminder row itself is gone by then (this one was never written): the policy asks the row first.
      await ctx.sql`
        insert into outbox (kind, booking_id, to_address, subject, message)
        values ('visit-reminder', ${booking._id}, 'Dana.Whitfield@example.com', 'Reminder', '{}'::jsonb)`;
      const [row] = await ctx.sql<{ id: string }[]>`select id from outbox where kind = 'visit-reminder' limit 1`;
      const reason = await visitReminderDrop(row!.id);
      assert.equal(reason, "The customer turned visit reminders off");
      await put({ visitReminders: true });
      assert.equal(
        await visitReminderDrop(),
        "A later change of the booking replaced it",
        "on again: only the row decides",
      );
    });

    await t.step(
      "yearly reminders off is the one-click unsubscribe the office sees; on again takes it back",
      async () => {
        const off = await put({ yearlyReminders: false });
        assert.deepEqual(off.body.data, { visitReminders: true, yearlyReminders: false });
        const listed = await ctx.asAdmin<DataEnvelope<Unsubscribed[]>>("GET", "/api/unsubscribe");
        assert.deepEqual(
          listed.body.data.map((u) => u.email),
          ["dana.whitfield@example.com"],
        );
        const on = await put({ yearlyReminders: true });
        assert.deepEqual(on.body.data, { visitReminders: true, yearlyReminders: true });
        assert.equal((await ctx.asAdmin<DataEnvelope<Unsubscribed[]>>("GET", "/api/unsubscribe")).body.data.length, 0);
      },
    );

    await t.step("anything but the two switches is refused", async () => {
      for (const body of [{ visitReminders: "no" }, { weekly: true }, "on"]) {
        assert.equal((await put(body)).status, 400, JSON.stringify(body));
      }
    });
  } finally {
    await ctx.close();
  }
});
