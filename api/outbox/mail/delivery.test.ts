import assert from "node:assert/strict";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ParsedMail } from "mailparser";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { MailRecord } from "../../contracts/outbox/mail.ts";
import { CANCELLATION_POLICY, managePath } from "../../contracts/bookings/manage.ts";
import { memoryLogger, silentLogger } from "../../testing/log.ts";
import { createTestContext, TEST_NOW } from "../../testing/context.ts";
import { bookingBody } from "../../testing/fixtures.ts";
import { calendarOf, parseCalendar, parseMail, startTestSmtpServer, waitUntil, withWorker } from "../testing.ts";
import { createMailTransport } from "./transport.ts";

const PUBLIC_URL = "https://book.clearflow.example";

Deno.test("booking e-mails through a real SMTP server", async (t) => {
  const smtp = await startTestSmtpServer();
  const ctx = await createTestContext({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
  const transport = createMailTransport(ctx.config.mail, silentLogger);
  const { worker, allSent } = withWorker(ctx, transport);
  const received = (from: number) => Promise.all(smtp.received.slice(from).map(parseMail));
  const toAddress = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;
  let booking: Booking;
  let uid: string;
  /** An admin's change of the booking, and the one e-mail it sends to the customer. */
  const adminChange = async (path: string, body: unknown) => {
    const before = smtp.received.length;
    const method = "PUT";
    const res = await ctx.asAdmin(method, `/api/bookings/${booking._id}${path}`, { body });
    assert.equal(res.status, 200);
    await waitUntil(`the e-mail of ${method} ${path}`, () => smtp.received.length > before);
    const [mail] = await received(before);
    return { mail: mail!, calendar: parseCalendar(calendarOf(mail!)!) };
  };

  try {
    await t.step("a booking's confirmation arrives with text, HTML, calendar file and manage link", async () => {
      const res = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body: bookingBody() });
      assert.equal(res.status, 201);
      booking = res.body.data;
      await waitUntil("two messages", () => smtp.received.length >= 2);
      const mails = await received(0);
      const customer = mails.find((m) => toAddress(m) === booking.email)!;
      assert.ok(customer, "the customer's e-mail");
      assert.match(customer.subject!, /^Booking received: Air Duct Cleaning on Tuesday, March 3, 2026 at 9:00 AM/);
      assert.ok(customer.text!.includes(CANCELLATION_POLICY));
      assert.ok(customer.html && customer.html.includes("<table"));

      const [{ manage_token: token }] = await ctx.sql<{ manage_token: string }[]>`
        select manage_token from bookings where id = ${booking._id}`;
      const link = `${PUBLIC_URL}${managePath(token!)}`;
      assert.ok(customer.text!.includes(link));
      assert.ok(customer.html.includes(`href="${link}"`));

      const { calendar, vevent, event } = parseCalendar(calendarOf(customer)!);
      uid = vevent.getFirstPropertyValue("uid") as string;
      assert.ok(uid.includes(booking._id));
      assert.equal(calendar.getFirstPropertyValue("method"), "PUBLISH");
      assert.equal(vevent.getFirstProperty("dtstart")!.getParameter("tzid"), "America/New_York");
      assert.equal(event.startDate.toString(), "2026-03-03T09:00:00");
      assert.equal(event.startDate.toJSDate().toISOString(), "2026-03-03T14:00:00.000Z");
      assert.equal(event.summary, `Air Duct Cleaning: ${ctx.config.profile.name}`);
      assert.equal(event.location, "1200 East Blvd, Charlotte, NC 28203");

      const business = mails.find((m) => toAddress(m) === ctx.config.profile.email)!;
      assert.ok(business, "the business copy");
      assert.match(business.subject!, /^New booking: Dana Whitfield/);
      assert.ok(business.text!.includes(booking.contactNumber));
      assert.ok(!business.text!.includes(token!), "the manage link is the customer's alone");
      await waitUntil("the outbox to be marked sent", allSent);
    });

    await t.step("an admin's confirm sends booking-confirmed with an updated calendar file", async () => {
      const { mail, calendar } = await adminChange("/status", { status: "confirmed" });
      assert.match(mail.subject!, /^Appointment confirmed/);
      const { vevent } = calendar;
      assert.equal(vevent.getFirstPropertyValue("uid"), uid);
      assert.equal(vevent.getFirstPropertyValue("status"), "CONFIRMED");
      assert.equal(vevent.getFirstPropertyValue("sequence"), 1);
    });

    await t.step("a reschedule by an admin sends the moved visit", async () => {
      const { _id, version, createdAt, updatedAt, ...fields } = booking;
      void [_id, version, createdAt, updatedAt];
      const moved = { ...fields, status: "confirmed", cleaningDate: "2026-03-04", cleaningTime: "2:00 PM" };
      const { mail, calendar } = await adminChange("", moved);
      assert.match(mail.subject!, /^Appointment moved/);
      const { event } = calendar;
      assert.equal(event.startDate.toString(), "2026-03-04T14:00:00");
      assert.equal(event.sequence, 2);
    });

    await t.step("a cancel sends METHOD:CANCEL with the same UID and a higher SEQUENCE", async () => {
      const { mail, calendar: cancelled } = await adminChange("/status", { status: "cancelled" });
      assert.match(mail.subject!, /^Appointment cancelled/);
      const { calendar, vevent } = cancelled;
      assert.equal(calendar.getFirstPropertyValue("method"), "CANCEL");
      assert.equal(vevent.getFirstPropertyValue("status"), "CANCELLED");
      assert.equal(vevent.getFirstPropertyValue("uid"), uid);
      assert.equal(vevent.getFirstPropertyValue("sequence"), 3);
      await waitUntil("the outbox to be marked sent", allSent);
    });

    await t.step("a change that calls for no e-mail writes none", async () => {
      const [{ count: before }] = await ctx.sql<{ count: number }[]>`select count(*)::int as count from outbox`;
      const res = await ctx.asAdmin("PUT", `/api/bookings/${booking._id}/status`, { body: { status: "cancelled" } });
      assert.equal(res.status, 200);
      const [{ count: after }] = await ctx.sql<{ count: number }[]>`select count(*)::int as count from outbox`;
      assert.equal(after, before);
    });

    await t.step("GET /api/bookings/{id}/mail is for admins and lists the records oldest first", async () => {
      assert.equal((await ctx.request("GET", `/api/bookings/${booking._id}/mail`)).status, 401);
      const res = await ctx.asAdmin<MailRecord[]>("GET", `/api/bookings/${booking._id}/mail`);
      assert.equal(res.status, 200);
      assert.deepEqual(
        res.body.map((r) => r.kind),
        // The visit reminder is sent at once here: the route runs on the test clock (March 2026), the worker on the
        // database's, long past the visit.
        [
          "booking-received",
          "business-new-booking",
          "visit-reminder",
          "booking-confirmed",
          "booking-rescheduled",
          "booking-cancelled",
        ],
      );
      for (const record of res.body) {
        assert.equal(record.status, "sent");
        assert.equal(record.attempts, 1);
        assert.equal(record.lastError, null);
        assert.ok(record.sentAt);
        assert.equal(record.nextAttemptAt, null);
      }
      assert.equal(res.body[0]!.to, booking.email);
      assert.equal(res.body[1]!.to, ctx.config.profile.email);
    });

    await t.step("GET /api/bookings/{id}/mail answers 404 for a bad or unknown id", async () => {
      for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
        const res = await ctx.asAdmin<{ message: string }>("GET", `/api/bookings/${id}/mail`);
        assert.equal(res.status, 404);
        assert.ok(res.body.message);
      }
    });

    await t.step("a replayed booking request writes no second e-mail", async () => {
      const headers = { "Idempotency-Key": crypto.randomUUID() };
      const body = bookingBody({ cleaningTime: "11:00 AM" });
      const first = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body, headers });
      const again = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body, headers });
      assert.equal(again.body.data._id, first.body.data._id);
      const records = await ctx.asAdmin<MailRecord[]>("GET", `/api/bookings/${first.body.data._id}/mail`);
      assert.deepEqual(records.body.map((r) => r.kind).sort(), [
        "booking-received",
        "business-new-booking",
        "visit-reminder",
      ]);
    });

    let restoredSequence = 0;
    await t.step("restoring a cancelled booking sends a confirmation with a fresh calendar file", async () => {
      await waitUntil("the earlier messages to be sent", allSent);
      const { mail, calendar: restored } = await adminChange("/status", { status: "pending" });
      assert.match(mail.subject!, /^Appointment restored/);
      assert.equal(toAddress(mail), booking.email);
      const { calendar, vevent } = restored;
      assert.equal(calendar.getFirstPropertyValue("method"), "PUBLISH");
      assert.equal(vevent.getFirstPropertyValue("uid"), uid, "the same event, so calendars update it");
      assert.equal(vevent.getFirstPropertyValue("status"), "TENTATIVE");
      restoredSequence = Number(vevent.getFirstPropertyValue("sequence"));
      assert.ok(restoredSequence > 3, `SEQUENCE ${restoredSequence} beats the cancellation's 3`);
      await waitUntil("the outbox to be marked sent", allSent);
    });

    await t.step("deleting a live booking sends the customer a cancellation and the business a copy", async () => {
      const before = smtp.received.length;
      const res = await ctx.asAdmin("DELETE", `/api/bookings/${booking._id}`);
      assert.equal(res.status, 200);
      await waitUntil("two messages", () => smtp.received.length >= before + 2);
      const mails = await received(before);
      const customer = mails.find((m) => toAddress(m) === booking.email)!;
      assert.match(customer.subject!, /^Appointment cancelled/);
      const { calendar, vevent } = parseCalendar(calendarOf(customer)!);
      assert.equal(calendar.getFirstPropertyValue("method"), "CANCEL");
      assert.equal(vevent.getFirstPropertyValue("uid"), uid);
      assert.ok(Number(vevent.getFirstPropertyValue("sequence")) > restoredSequence);
      const business = mails.find((m) => toAddress(m) === ctx.config.profile.email)!;
      assert.match(business.subject!, /^Booking deleted: Dana Whitfield/);
      assert.ok(business.text!.includes("The customer was sent a cancellation."));
      const kinds = (await ctx.asAdmin<MailRecord[]>("GET", `/api/bookings/${booking._id}/mail`)).body.map(
        (r) => r.kind,
      );
      assert.deepEqual(kinds.slice(-2), ["booking-cancelled", "business-booking-changed"], "kept after the deletion");
      await waitUntil("the outbox to be marked sent", allSent);
    });

    await t.step("deleting a cancelled or past booking sends nothing", async () => {
      // Reminders left out: a deletion removes a pending one (its send may or may not have won the race here).
      const messages = () => ctx.sql<{ count: number }[]>`
        select count(*)::int as count from outbox where kind <> 'visit-reminder'`;
      const [{ count: before }] = await messages();
      const cancelled = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
        body: bookingBody({ cleaningTime: "3:00 PM" }),
      });
      await ctx.asAdmin("PUT", `/api/bookings/${cancelled.body.data._id}/status`, { body: { status: "cancelled" } });
      const past = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
        body: bookingBody({ cleaningTime: "4:00 PM" }),
      });
      const [{ count: written }] = await messages();
      try {
        // The next day, after the 4:00 PM visit.
        ctx.clock.set("2026-03-04T15:00:00.000Z");
        for (const id of [cancelled.body.data._id, past.body.data._id]) {
          assert.equal((await ctx.asAdmin("DELETE", `/api/bookings/${id}`)).status, 200);
        }
      } finally {
        ctx.clock.set(TEST_NOW);
      }
      const [{ count: after }] = await messages();
      assert.ok(written > before);
      assert.equal(after, written);
    });
  } finally {
    await worker.stop();
    transport.close();
    await ctx.close();
    await smtp.close();
  }
});

Deno.test("without SMTP_URL each message is a readable .eml file under DATA_DIR/mail", async () => {
  const dataDir = await mkdtemp(join(tmpdir(), "clearflow-mail-"));
  const ctx = await createTestContext({ env: { DATA_DIR: dataDir } });
  const log = memoryLogger();
  const transport = createMailTransport(ctx.config.mail, log);
  const { worker, allSent } = withWorker(ctx, transport);
  try {
    assert.equal(ctx.config.mail.dir, join(dataDir, "mail"));
    const res = await ctx.request("POST", "/api/bookings", { body: bookingBody() });
    assert.equal(res.status, 201);
    // The booking's two e-mails, and its visit reminder: due at once for a worker on the database's clock, as the
    // visit (on the test clock) is long past.
    await waitUntil("the three messages written", async () => (await allSent()) && log.lines.length >= 3);
    const files = (await readdir(ctx.config.mail.dir)).sort();
    assert.equal(files.length, 3);
    assert.ok(files.every((f) => f.endsWith(".eml")));
    const mails = await Promise.all(files.map(async (f) => parseMail(await readFile(join(ctx.config.mail.dir, f)))));
    const customer = mails.find((m) => m.subject?.startsWith("Booking received"))!;
    assert.ok(customer.text && customer.html);
    assert.ok(calendarOf(customer));
    const logged = log.lines.map((l) => l.file);
    for (const f of files) assert.ok(logged.includes(join(ctx.config.mail.dir, f)), `log names ${f}`);
  } finally {
    await worker.stop();
    transport.close();
    await ctx.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
