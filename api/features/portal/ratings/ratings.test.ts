import assert from "node:assert/strict";
import type { Booking } from "../../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../../contracts/common/wire.ts";
import { PORTAL_MESSAGES, type RatingLinkView, type RatingSaved } from "../../../contracts/portal/portal.ts";
import type { ReportSummary } from "../../../contracts/reports/reports.ts";
import type { JobDetails } from "../../../contracts/visit/job.ts";
import type { Invoice } from "../../../contracts/invoices/invoice.ts";
import { dropCheck } from "../../../outbox/mail/policy.ts";
import { memoryTransport, waitUntil } from "../../../outbox/testing.ts";
import type { OutboxWorker } from "../../../outbox/worker.ts";
import { startTestWorker } from "../../../testing/mail.ts";
import { createTestContext, type TestContext } from "../../../testing/context.ts";
import { bookingBody } from "../../../testing/fixtures.ts";
import { signInCustomer } from "../../../testing/portal.ts";
import { addStaff, assignJob } from "../../../testing/staff.ts";

type Body = { message?: string };
const HOUR = 3_600_000;

async function completedVisit(ctx: TestContext, email: string, time: string, technicianId: string, locale = "en") {
  const res = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
    body: { ...bookingBody({ email, cleaningTime: time }), locale },
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  await assignJob(ctx, res.body.data._id, technicianId);
  const done = await ctx.asAdmin<Body>("PUT", `/api/bookings/${res.body.data._id}/status`, {
    body: { status: "completed" },
  });
  assert.equal(done.status, 200, JSON.stringify(done.body));
  return res.body.data;
}

/** The booking's "How did we do?" rows, with the links of the first. */
async function ratingMails(ctx: TestContext, bookingId: string) {
  return await ctx.sql<{ id: string; status: string; next_attempt_at: Date; text: string; to_address: string }[]>`
    select id, status, next_attempt_at, message->>'text' as text, to_address from outbox
    where booking_id = ${bookingId} and kind = 'rating-request' order by seq`;
}

/** Why the worker would not send the booking's rating e-mail now (null: it would). */
async function ratingDrop(ctx: TestContext, bookingId: string) {
  const [mail] = await ratingMails(ctx, bookingId);
  assert.ok(mail, "a rating e-mail");
  const due = { ...mail, kind: "rating-request", channel: "mail" as const, booking_id: bookingId, message: {} };
  return await dropCheck(ctx.sql)({ ...due, created_at: ctx.clock.now() }, ctx.clock.now());
}

const tokenOf = (text: string, stars: number) => {
  const match = new RegExp(`/portal/rate/([^?\\s]+)\\?stars=${stars}`).exec(text);
  assert.ok(match, `a ${stars}-star link`);
  return decodeURIComponent(match[1]!);
};

Deno.test(
  "ratings: one e-mail after completion, once per visit, every rating kept, the review link at 4-5",
  async (t) => {
    const ctx = await createTestContext({ env: { SLOT_CAPACITY: "5", PUBLIC_URL: "https://clean.example.com" } });
    try {
      const ann = await addStaff(ctx, "Ann Marie Tech");
      const dana = await completedVisit(ctx, "dana.whitfield@example.com", "9:00 AM", ann.member._id);
      let linkToken = "";

      await t.step("a completed visit orders one e-mail with five star links, due two hours later", async () => {
        const [mail, ...more] = await ratingMails(ctx, dana._id);
        assert.ok(mail);
        assert.equal(more.length, 0);
        assert.equal(mail.to_address, "dana.whitfield@example.com");
        assert.equal(mail.next_attempt_at.getTime(), ctx.clock.now().getTime() + 2 * HOUR);
        for (const stars of [1, 2, 3, 4, 5]) {
          assert.ok(mail.text.includes(`https://clean.example.com/portal/rate/`), "links on the site");
          tokenOf(mail.text, stars);
        }
        assert.match(mail.text, /How did Ann do/, "the technician's first name");
        linkToken = tokenOf(mail.text, 5);
        assert.equal(await ratingDrop(ctx, dana._id), null);
      });

      await t.step(
        "a Spanish customer's link opens in their language, their service by its Spanish title",
        async () => {
          const rosa = await completedVisit(ctx, "rosa@example.com", "4:00 PM", ann.member._id, "es");
          const [mail] = await ratingMails(ctx, rosa._id);
          assert.ok(mail, "a rating e-mail");
          const token = tokenOf(mail.text, 5);
          const view = await ctx.request<DataEnvelope<RatingLinkView>>("GET", `/api/portal/ratings/${token}`);
          assert.equal(view.status, 200, JSON.stringify(view.body));
          assert.equal(view.body.data.locale, "es");
          assert.equal(view.body.data.serviceTitle, "Limpieza de ductos de aire");
        },
      );

      await t.step("taken back and completed again: still one e-mail", async () => {
        for (const status of ["confirmed", "completed"]) {
          const res = await ctx.asAdmin("PUT", `/api/bookings/${dana._id}/status`, { body: { status } });
          assert.equal(res.status, 200);
        }
        assert.equal((await ratingMails(ctx, dana._id)).length, 1);
      });

      await t.step("the link opens without signing in; a forged or altered one is not found", async () => {
        const view = await ctx.request<DataEnvelope<RatingLinkView>>("GET", `/api/portal/ratings/${linkToken}`);
        assert.equal(view.status, 200, JSON.stringify(view.body));
        assert.deepEqual(view.body.data, {
          serviceTitle: "Air Duct Cleaning",
          locale: "en",
          cleaningDate: "2026-03-03",
          technicianFirstName: "Ann",
          rating: null,
        });
        const [id, mac] = linkToken.split(".");
        const other = crypto.randomUUID();
        for (const forged of [`${other}.${mac}`, `${id}.${"A".repeat(mac!.length)}`, id!, "nonsense"]) {
          const res = await ctx.request<Body>("GET", `/api/portal/ratings/${encodeURIComponent(forged)}`);
          assert.equal(res.status, 404, forged);
          assert.deepEqual(res.body, { message: PORTAL_MESSAGES.ratingLinkInvalid });
        }
      });

      await t.step("five stars through the link: kept, told to the office, and the review link offered", async () => {
        const settings = await ctx.asAdmin("PUT", "/api/settings", {
          body: { reviewUrl: "https://reviews.example.com/clearflow" },
        });
        assert.equal(settings.status, 200, JSON.stringify(settings.body));
        const res = await ctx.request<DataEnvelope<RatingSaved>>("POST", `/api/portal/ratings/${linkToken}`, {
          body: { stars: 5, comment: "Spotless." },
        });
        assert.equal(res.status, 201, JSON.stringify(res.body));
        assert.deepEqual(res.body.data, { stars: 5, reviewUrl: "https://reviews.example.com/clearflow" });
        const told = ctx.events.events.filter((e) => e.event === "ratingReceived");
        assert.equal(told.length, 1);
        assert.deepEqual(
          told.map(
            (e) => e.event === "ratingReceived" && [e.payload.stars, e.payload.comment, e.payload.technicianName],
          ),
          [[5, "Spotless.", "Ann Marie Tech"]],
        );
        const reason = await ratingDrop(ctx, dana._id);
        assert.equal(reason, "The customer already rated the visit", "a rated visit's e-mail is not sent");
      });

      await t.step("once per visit: a second rating, by link or signed in, is 409 and changes nothing", async () => {
        const again = await ctx.request<Body>("POST", `/api/portal/ratings/${linkToken}`, { body: { stars: 1 } });
        assert.equal(again.status, 409);
        assert.deepEqual(again.body, { message: PORTAL_MESSAGES.ratingTwice });
        const token = await signInCustomer(ctx, "dana.whitfield@example.com");
        const signedIn = await ctx.request<Body>("POST", "/api/portal/ratings", {
          token,
          body: { bookingId: dana._id, stars: 2 },
        });
        assert.equal(signedIn.status, 409);
        const [row] = await ctx.sql<{ stars: number; comment: string }[]>`
        select stars, comment from booking_ratings where booking_id = ${dana._id}`;
        assert.deepEqual(row, { stars: 5, comment: "Spotless." });
        const view = await ctx.request<DataEnvelope<RatingLinkView>>("GET", `/api/portal/ratings/${linkToken}`);
        assert.deepEqual(view.body.data.rating, { stars: 5 });
        const office = await ctx.asAdmin<JobDetails>("GET", `/api/bookings/${dana._id}`);
        assert.deepEqual(office.body.rating && [office.body.rating.stars, office.body.rating.comment], [
          5,
          "Spotless.",
        ]);
      });

      await t.step("signed in: 1-2 stars kept and pushed to the office, no review link; 3 neither", async () => {
        const office = await ctx.asAdmin("POST", "/api/push/subscriptions", {
          body: {
            endpoint: "https://fcm.googleapis.com/fcm/send/office",
            keys: { p256dh: "B".repeat(87), auth: "a".repeat(22) },
          },
        });
        assert.equal(office.status, 201, JSON.stringify(office.body));
        const low = await completedVisit(ctx, "rita@example.com", "10:00 AM", ann.member._id);
        const mid = await completedVisit(ctx, "rita@example.com", "11:00 AM", ann.member._id);
        const token = await signInCustomer(ctx, "rita@example.com");
        const rate = (bookingId: string, stars: number) =>
          ctx.request<DataEnvelope<RatingSaved> & Body>("POST", "/api/portal/ratings", {
            token,
            body: { bookingId, stars, comment: "Late and messy" },
          });
        const res = await rate(low._id, 2);
        assert.equal(res.status, 201, JSON.stringify(res.body));
        assert.deepEqual(res.body.data, { stars: 2 }, "no review link below 4 stars");
        const pushes = await ctx.sql<{ subject: string; channel: string }[]>`
        select subject, channel from outbox where booking_id = ${low._id} and kind = 'push-low-rating'`;
        assert.deepEqual([...pushes], [{ subject: "Low rating: 2 stars", channel: "push" }]);
        assert.deepEqual((await rate(mid._id, 3)).body.data, { stars: 3 });
        const midPushes =
          await ctx.sql`select 1 from outbox where booking_id = ${mid._id} and kind = 'push-low-rating'`;
        assert.equal(midPushes.length, 0, "3 stars is kept and told live, not pushed");
        assert.equal(ctx.events.events.filter((e) => e.event === "ratingReceived").length, 3, "every rating told");
        assert.equal((await rate(dana._id, 5)).status, 404, "another customer's visit");
      });

      await t.step("a visit not yet completed cannot be rated", async () => {
        const booked = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
          body: bookingBody({ email: "rita@example.com", cleaningTime: "1:00 PM" }),
        });
        const token = await signInCustomer(ctx, "rita@example.com");
        const res = await ctx.request<Body>("POST", "/api/portal/ratings", {
          token,
          body: { bookingId: booked.body.data._id, stars: 5 },
        });
        assert.equal(res.status, 422);
        assert.deepEqual(res.body, { message: PORTAL_MESSAGES.ratingNotYet });
      });

      await t.step("Reports show each technician's average rating and count", async () => {
        const res = await ctx.asAdmin<ReportSummary>("GET", "/api/reports/summary?from=2026-03-01&to=2026-03-31");
        assert.equal(res.status, 200, JSON.stringify(res.body));
        const row = res.body.byTechnician.find((r) => r.name === "Ann Marie Tech");
        assert.deepEqual(row && { averageRating: row.averageRating, ratings: row.ratings }, {
          averageRating: 3.33,
          ratings: 3,
        });
      });

      await t.step(
        "with the switch off in Settings, no e-mail is ordered, and one already due is not sent",
        async () => {
          const pending = await completedVisit(ctx, "sam@example.com", "2:00 PM", ann.member._id);
          const off = await ctx.asAdmin("PUT", "/api/settings", { body: { ratingEmail: false } });
          assert.equal(off.status, 200);
          const reason = await ratingDrop(ctx, pending._id);
          assert.equal(reason, "Rating e-mails are turned off in Settings");
          const later = await completedVisit(ctx, "lee@example.com", "3:00 PM", ann.member._id);
          assert.equal((await ratingMails(ctx, later._id)).length, 0);
        },
      );
    } finally {
      await ctx.close();
    }
  },
);

Deno.test(
  "ratings wait for the money: no e-mail while the visit's invoice is open, exactly one once paid",
  async (t) => {
    const ctx = await createTestContext({ env: { SLOT_CAPACITY: "5" } });
    const transport = memoryTransport();
    // Started once the invoice exists: before it, the completion's e-mail would go as nothing was owed yet.
    const workers: OutboxWorker[] = [];
    const asked = (to: string) => transport.sent.filter((m) => m.to.address === to && /How did we do/.test(m.subject));
    const decided = (bookingId: string) =>
      waitUntil("the rating e-mails to be decided", async () =>
        (await ratingMails(ctx, bookingId)).every((m) => m.status !== "pending"),
      );
    try {
      const ann = await addStaff(ctx, "Ann Marie Tech");
      const dana = await completedVisit(ctx, "dana.whitfield@example.com", "9:00 AM", ann.member._id);
      const made = await ctx.asAdmin<DataEnvelope<Invoice>>("POST", `/api/bookings/${dana._id}/invoice`);
      assert.equal(made.status, 201, JSON.stringify(made.body));
      const invoice = made.body.data;
      const pay = async (amountCents: number) => {
        const res = await ctx.asAdmin<Body>("POST", `/api/invoices/${invoice._id}/payments`, {
          body: { method: "cash", amountCents },
          headers: { "Idempotency-Key": crypto.randomUUID() },
        });
        assert.equal(res.status, 201, JSON.stringify(res.body));
        return res.body as DataEnvelope<Invoice>;
      };

      await t.step("completed with an open invoice: the e-mail falls due and is skipped, not paid yet", async () => {
        workers.push(startTestWorker(ctx, transport));
        await decided(dana._id);
        const rows = await ratingMails(ctx, dana._id);
        assert.deepEqual(
          rows.map((r) => r.status),
          ["skipped"],
        );
        const [row] = await ctx.sql<{ last_error: string }[]>`select last_error from outbox where id = ${rows[0]!.id}`;
        assert.equal(row!.last_error, "The visit is not paid yet");
        assert.equal(asked(dana.email).length, 0);
      });

      await t.step("part paid: still nothing; paid in full: one e-mail", async () => {
        await pay(1000);
        assert.equal((await ratingMails(ctx, dana._id)).length, 1);
        const paid = await pay(invoice.totalCents - 1000);
        assert.equal(paid.data.status, "paid");
        const rows = await ratingMails(ctx, dana._id);
        assert.equal(rows.length, 2);
        workers[0]!.wake();
        await decided(dana._id);
        assert.deepEqual(
          (await ratingMails(ctx, dana._id)).map((r) => r.status),
          ["skipped", "sent"],
        );
        assert.equal(asked(dana.email).length, 1);
      });

      await t.step("refunded and paid in full again: still the one e-mail", async () => {
        const paymentId = (await ctx.asAdmin<DataEnvelope<Invoice>>("GET", `/api/invoices/${invoice._id}`)).body.data
          .payments[0]!._id;
        const refund = await ctx.asAdmin<Body>("POST", `/api/payments/${paymentId}/refunds`, {
          body: { amountCents: 500, reason: "Goodwill" },
        });
        assert.equal(refund.status, 201, JSON.stringify(refund.body));
        await pay(500);
        assert.equal((await ratingMails(ctx, dana._id)).length, 2);
        assert.equal(asked(dana.email).length, 1);
      });

      await t.step("a void invoice owes nothing: the visit's e-mail goes", async () => {
        const rita = await completedVisit(ctx, "rita@example.com", "10:00 AM", ann.member._id);
        const other = await ctx.asAdmin<DataEnvelope<Invoice>>("POST", `/api/bookings/${rita._id}/invoice`);
        assert.equal(other.status, 201);
        assert.equal(await ratingDrop(ctx, rita._id), "The visit is not paid yet");
        const voided = await ctx.asAdmin("POST", `/api/invoices/${other.body.data._id}/void`, {
          body: { reason: "Warranty visit" },
        });
        assert.equal(voided.status, 200);
        assert.equal(await ratingDrop(ctx, rita._id), null);
      });
    } finally {
      for (const worker of workers) await worker.stop();
      await ctx.close();
    }
  },
);
