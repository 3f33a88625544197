import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { Page } from "../../contracts/common/paging.ts";
import { type ConversationRow, type SmsConsent, smsDisclosure, type TextMessage } from "../../contracts/texts/texts.ts";
import { createTestContext } from "../../testing/context.ts";
import { rowCounts } from "../../testing/database.ts";
import { bookingBody } from "../../testing/fixtures.ts";
import { needsService } from "../../testing/services.ts";
import { addStaff, assignJob } from "../../testing/staff.ts";
import { signInCustomer } from "../../testing/portal.ts";
import { TEXTS_MESSAGES } from "./service.ts";
import { BAD_SIGNATURE } from "./routes.ts";
import { PUBLIC_URL, textsContext } from "./testing.ts";

const postgres = needsService("TEST_DATABASE_URL");
const DANA_PHONE = "+17045550199";
const SAM = { firstName: "Sam", lastName: "Okafor", email: "sam.okafor@example.com", contactNumber: "704-555-0123" };
const SAM_PHONE = "+17045550123";

const test = (name: string, fn: (t: Deno.TestContext) => Promise<void>) =>
  Deno.test({ name, ignore: postgres.ignore, sanitizeResources: false, sanitizeOps: false, fn });

test("texts: consent, keywords, replies and delivery against the Twilio peer", async (t) => {
  const { ctx, peer, drain, close } = await textsContext();
  const textsTo = (phone: string) => peer.texts.filter((text) => text.to === phone);
  const customerOf = async (email: string) => {
    const [row] = await ctx.sql<{ customer_id: string }[]>`
      select customer_id from customer_emails where email = ${email}`;
    return row!.customer_id;
  };
  const consentOf = async (customerId: string) =>
    (await ctx.asAdmin<SmsConsent>("GET", `/api/customers/${customerId}/sms-consent`)).body;
  const inbound = async (from: string, body: string) => {
    const sent = await peer.inbound(from, body);
    assert.equal(sent.status, 200);
    await drain();
  };
  try {
    const booked = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
      body: bookingBody({ smsConsent: true }),
    });
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
    const dana = booked.body.data;
    assert.equal("smsConsent" in dana, false, "consent is the customer's, not a field of the booking");
    const danaId = await customerOf("dana.whitfield@example.com");

    await t.step("the booking form's box keeps consent as evidence: when, the disclosure shown, where", async () => {
      const consent = await consentOf(danaId);
      assert.equal(consent.phone, DANA_PHONE);
      assert.equal(consent.consent, "granted");
      assert.equal(consent.source, "booking-form");
      assert.equal(consent.disclosure, smsDisclosure(ctx.config.profile.name));
      assert.equal(consent.at, ctx.clock.now().toISOString());
    });

    await t.step("the booking confirmation is texted, its link shortened to our own domain", async () => {
      await drain();
      const [confirmation] = textsTo(DANA_PHONE);
      assert.ok(confirmation, "a text reached the peer");
      assert.match(confirmation.body, /visit is booked for Tue, Mar 3 at 9:00 AM/);
      assert.equal(confirmation.from, "+17045550100");
      assert.equal(confirmation.statusCallback, `${PUBLIC_URL}/api/webhooks/twilio/status`);
      const link = /https:\/\/clearflow\.test\/t\/(\w+)/.exec(confirmation.body);
      assert.ok(link, confirmation.body);
      const redirect = await ctx.request("GET", `/t/${link[1]}`);
      assert.equal(redirect.status, 302);
      assert.match(redirect.headers.get("Location") ?? "", /^https:\/\/clearflow\.test\/booking\/manage\//);
      assert.equal((await ctx.request("GET", "/t/nosuchcode")).status, 404);
      const history = await ctx.asAdmin<TextMessage[]>("GET", `/api/bookings/${dana._id}/texts`);
      assert.equal(history.status, 200);
      assert.deepEqual(
        history.body.map((m) => [m.kind, m.status, m.segments]),
        [["booking-confirmation", "queued", confirmation.numSegments]],
      );
    });

    await t.step("consent required: a booking without the box is never texted, and a reply is refused", async () => {
      const res = await ctx.request("POST", "/api/bookings", { body: bookingBody(SAM) });
      assert.equal(res.status, 201);
      await drain();
      assert.equal(textsTo(SAM_PHONE).length, 0);
      const [row] = await ctx.sql<{ status: string; last_error: string }[]>`
        select status, last_error from outbox
        where channel = 'sms' and kind = 'booking-confirmation' and to_address = ${SAM_PHONE}`;
      assert.deepEqual(row, { status: "skipped", last_error: "The customer has not agreed to texts" });
      const samId = await customerOf(SAM.email);
      const reply = await ctx.asAdmin("POST", `/api/customers/${samId}/messages`, { body: { body: "Hi Sam" } });
      assert.equal(reply.status, 409);
      assert.deepEqual(reply.body, { message: TEXTS_MESSAGES.noConsent });
    });

    await t.step("the office records consent taken by phone, with its name, and replies", async () => {
      const samId = await customerOf(SAM.email);
      const noDisclosure = await ctx.asAdmin("PUT", `/api/customers/${samId}/sms-consent`, {
        body: { consent: "granted" },
      });
      assert.equal(noDisclosure.status, 400);
      const granted = await ctx.asAdmin<SmsConsent>("PUT", `/api/customers/${samId}/sms-consent`, {
        body: { consent: "granted", disclosure: smsDisclosure(ctx.config.profile.name) },
      });
      assert.equal(granted.status, 200, JSON.stringify(granted.body));
      assert.deepEqual(
        [granted.body.consent, granted.body.source, granted.body.staffName],
        ["granted", "office", "Test Admin"],
      );
      const reply = await ctx.asAdmin<TextMessage>("POST", `/api/customers/${samId}/messages`, {
        body: { body: "Hi Sam, we can come Thursday." },
      });
      assert.equal(reply.status, 201, JSON.stringify(reply.body));
      assert.equal(reply.body.staffName, "Test Admin");
      await drain();
      assert.deepEqual(
        textsTo(SAM_PHONE).map((x) => x.body),
        ["Hi Sam, we can come Thursday."],
      );
      const page = await ctx.asAdmin<Page<TextMessage>>("GET", `/api/customers/${samId}/messages`);
      assert.equal(page.body.data.length, 1);
      assert.equal(page.body.data[0]!.status, "queued");
      assert.match(page.body.data[0]!._id, /^[0-9a-f-]{36}$/);
    });

    await t.step("a bad or missing signature is refused with 403 and nothing is written", async () => {
      const before = await rowCounts(ctx.sql);
      const forged = await peer.inbound(DANA_PHONE, "STOP", { signature: "bm90IHR3aWxpbw==" });
      assert.equal(forged.status, 403);
      const params = new URLSearchParams({ MessageSid: "SMforged", From: DANA_PHONE, Body: "STOP" });
      const missing = await ctx.request("POST", "/api/webhooks/twilio/sms", {
        rawBody: params.toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      assert.equal(missing.status, 403);
      assert.deepEqual(missing.body, { message: BAD_SIGNATURE });
      const status = await ctx.request("POST", "/api/webhooks/twilio/status", {
        rawBody: new URLSearchParams({ MessageSid: "SMx", MessageStatus: "failed" }).toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": "AAAA" },
      });
      assert.equal(status.status, 403);
      assert.deepEqual(await rowCounts(ctx.sql), before);
      assert.equal((await consentOf(danaId)).consent, "granted");
    });

    await t.step("a customer's text lands in their conversation once, however often Twilio posts it", async () => {
      const eventsBefore = ctx.events.events.length;
      ctx.clock.advance(60_000);
      const first = await peer.inbound(DANA_PHONE, "can you come after 2?", { sid: `SM${"b2".repeat(16)}` });
      const again = await peer.inbound(DANA_PHONE, "can you come after 2?", { sid: `SM${"b2".repeat(16)}` });
      assert.deepEqual([first.status, again.status], [200, 200]);
      const [{ count }] = await ctx.sql<{ count: number }[]>`
        select count(*)::int from text_messages where twilio_sid = ${`SM${"b2".repeat(16)}`}`;
      assert.equal(count, 1);
      const live = ctx.events.events.slice(eventsBefore).filter((e) => e.event === "textMessage");
      assert.equal(live.length, 1, "the office hears it once, live");
      const conversations = await ctx.asAdmin<Page<ConversationRow>>("GET", "/api/conversations");
      assert.equal(conversations.status, 200);
      const row = conversations.body.data[0]!;
      assert.deepEqual(
        [row.customerId, row.lastBody, row.lastDirection, row.unread, row.consent],
        [danaId, "can you come after 2?", "inbound", 1, "granted"],
      );
      const found = await ctx.asAdmin<Page<ConversationRow>>("GET", "/api/conversations?q=555-0199");
      assert.deepEqual(
        found.body.data.map((r) => r.customerId),
        [danaId],
      );
      assert.equal((await ctx.asAdmin("POST", `/api/customers/${danaId}/messages/read`)).status, 204);
      const read = await ctx.asAdmin<Page<ConversationRow>>("GET", "/api/conversations?q=dana");
      assert.equal(read.body.data[0]!.unread, 0);
    });

    await t.step("STOP in any case opts the number out, answered once; a reply is then refused in words", async () => {
      const before = textsTo(DANA_PHONE).length;
      await inbound(DANA_PHONE, "  stop ");
      assert.equal((await consentOf(danaId)).consent, "opted-out");
      await inbound(DANA_PHONE, "Stop");
      const answers = textsTo(DANA_PHONE).slice(before);
      assert.equal(answers.length, 1, "answered once");
      assert.match(answers[0]!.body, /no more texts/);
      const reply = await ctx.asAdmin("POST", `/api/customers/${danaId}/messages`, { body: { body: "Hello?" } });
      assert.equal(reply.status, 409);
      assert.deepEqual(reply.body, { message: TEXTS_MESSAGES.optedOut });
      const audited = await ctx.sql<{ changes: { keyword?: { to: string } } }[]>`
        select changes from audit_log where entity_type = 'customer' and action = 'sms_keyword' and entity_id = ${danaId}`;
      assert.deepEqual(
        audited.map((a) => a.changes.keyword?.to),
        ["STOP", "STOP"],
      );
    });

    await t.step("each opt-out and opt-in keyword works in any case", async () => {
      const words: [string, string][] = [
        ["start", "granted"],
        ["STOPALL", "opted-out"],
        ["Yes", "granted"],
        ["unsubscribe", "opted-out"],
        ["UnStop", "granted"],
        ["cancel", "opted-out"],
        [" START", "granted"],
        ["End", "opted-out"],
        ["start", "granted"],
        ["quit", "opted-out"],
        ["Start\n", "granted"],
      ];
      for (const [word, state] of words) {
        await inbound(DANA_PHONE, word);
        assert.equal((await consentOf(danaId)).consent, state, word);
      }
      assert.equal((await consentOf(danaId)).source, "keyword");
    });

    await t.step("HELP answers with the business's name, phone and how to opt out", async () => {
      const before = textsTo(DANA_PHONE).length;
      await inbound(DANA_PHONE, "help");
      const [help] = textsTo(DANA_PHONE).slice(before);
      assert.ok(help);
      assert.ok(help.body.includes(ctx.config.profile.name) && help.body.includes(ctx.config.profile.phone), help.body);
      assert.match(help.body, /Reply STOP to opt out/);
    });

    await t.step("C confirms the customer's next visit through the booking command; R answers its link", async () => {
      const before = textsTo(DANA_PHONE).length;
      await inbound(DANA_PHONE, "c");
      const [booking] = await ctx.sql<{ status: string }[]>`select status from bookings where id = ${dana._id}`;
      assert.equal(booking!.status, "confirmed");
      const history = await ctx.asAdmin<{ action: string }[]>("GET", `/api/bookings/${dana._id}/history`);
      assert.ok(history.body.some((entry) => entry.action === "status"));
      await inbound(DANA_PHONE, "R");
      const [confirmed, manage] = textsTo(DANA_PHONE).slice(before);
      assert.match(confirmed!.body, /is confirmed/);
      const link = /\/t\/(\w+)/.exec(manage!.body);
      assert.ok(link, manage!.body);
      const redirect = await ctx.request("GET", `/t/${link[1]}`);
      assert.match(redirect.headers.get("Location") ?? "", /\/booking\/manage\//);
    });

    await t.step("a status callback moves a text through each state, never back", async () => {
      const [sid] = (
        await ctx.sql<{ twilio_sid: string }[]>`
        select twilio_sid from text_messages where kind = 'booking-confirmation'`
      ).map((r) => r.twilio_sid);
      const stateOf = async () =>
        (
          await ctx.sql<{ status: string; error_code: number | null; error_text: string | null }[]>`
          select status, error_code, error_text from text_messages where twilio_sid = ${sid!}`
        )[0]!;
      for (const status of ["sent", "delivered"]) {
        assert.equal(await peer.report(sid!, status), 200);
        assert.equal((await stateOf()).status, status);
      }
      await peer.report(sid!, "sent");
      assert.equal((await stateOf()).status, "delivered", "a late callback does not move it back");
      const live = ctx.events.events.filter((e) => e.event === "textMessage").at(-1);
      assert.equal(live?.event === "textMessage" && live.payload.message.status, "delivered");

      const samId = await customerOf(SAM.email);
      for (const [status, code] of [
        ["undelivered", 30003],
        ["failed", 30005],
      ] as const) {
        const reply = await ctx.asAdmin<TextMessage>("POST", `/api/customers/${samId}/messages`, {
          body: { body: `Try ${status}` },
        });
        assert.equal(reply.status, 201);
        await drain();
        const text = peer.texts.at(-1)!;
        await peer.report(text.sid, "sent");
        await peer.report(text.sid, status, code);
        const [row] = await ctx.sql<{ status: string; error_code: number; error_text: string }[]>`
          select status, error_code, error_text from text_messages where twilio_sid = ${text.sid}`;
        assert.deepEqual([row!.status, row!.error_code], [status, code]);
        assert.ok(row!.error_text.length > 10, row!.error_text);
      }
    });

    await t.step("Twilio's 21610 at sending fails the text and opts the number out", async () => {
      const samId = await customerOf(SAM.email);
      peer.markUnsubscribed(SAM_PHONE);
      const sent = peer.texts.length;
      assert.equal(
        (await ctx.asAdmin("POST", `/api/customers/${samId}/messages`, { body: { body: "Are you there?" } })).status,
        201,
      );
      await drain();
      assert.equal(peer.texts.length, sent, "the peer refused it");
      const [text] = await ctx.sql<{ status: string; error_code: number }[]>`
        select status, error_code from text_messages where body = 'Are you there?'`;
      assert.deepEqual([text!.status, text!.error_code], ["failed", 21610]);
      const [row] = await ctx.sql<{ status: string; attempts: number }[]>`
        select status, attempts from outbox where kind = 'office-reply' order by seq desc limit 1`;
      assert.equal(row!.status, "skipped", "a 4xx is never retried");
      const consent = await consentOf(samId);
      assert.deepEqual([consent.consent, consent.source], ["opted-out", "carrier"]);
    });

    await t.step("a 5xx is retried by the outbox's engine; 21211 fails the text for good", async () => {
      // Dana opted back in above; her texts go.
      peer.failNext();
      const reply = await ctx.asAdmin("POST", `/api/customers/${danaId}/messages`, { body: { body: "Retry me" } });
      assert.equal(reply.status, 201);
      const sent = peer.texts.length;
      await drain();
      assert.equal(peer.texts.length, sent, "Twilio answered 500");
      const [pending] = await ctx.sql<{ status: string; attempts: number }[]>`
        select status, attempts from outbox where kind = 'office-reply' order by seq desc limit 1`;
      assert.deepEqual([pending!.status, pending!.attempts], ["pending", 1]);
      ctx.clock.advance(31_000);
      await drain();
      assert.equal(peer.texts.at(-1)!.body, "Retry me");

      peer.markInvalid(DANA_PHONE);
      await ctx.asAdmin("POST", `/api/customers/${danaId}/messages`, { body: { body: "Invalid" } });
      await drain();
      const [text] = await ctx.sql<{ status: string; error_code: number; error_text: string }[]>`
        select status, error_code, error_text from text_messages where body = 'Invalid'`;
      assert.deepEqual([text!.status, text!.error_code], ["failed", 21211]);
      assert.equal(text!.error_text, "The number is not a valid phone number");
      assert.equal((await consentOf(danaId)).consent, "granted", "an invalid number is not an opt-out");
      const retried = peer.texts.find((x) => x.body === "Retry me")!;
      assert.equal(await peer.report(retried.sid, "undelivered", 21610), 200);
      const consent = await consentOf(danaId);
      assert.deepEqual([consent.consent, consent.source], ["opted-out", "carrier"], "21610 in a delivery report");
    });

    await t.step("a reply longer than two segments is refused, in words", async () => {
      const long = await ctx.asAdmin("POST", `/api/customers/${danaId}/messages`, { body: { body: "a".repeat(307) } });
      assert.equal(long.status, 400);
      const emoji = await ctx.asAdmin("POST", `/api/customers/${danaId}/messages`, {
        body: { body: `${"a".repeat(133)}🙂` },
      });
      assert.equal(emoji.status, 400, "an emoji makes it UCS-2: 135 units are three segments");
    });

    await t.step("a customer reads and changes their own consent from the portal", async () => {
      const token = await signInCustomer(ctx, "dana.whitfield@example.com");
      const own = await ctx.request<{ data: SmsConsent }>("GET", "/api/portal/sms-consent", { token });
      assert.equal(own.status, 200);
      assert.equal(own.body.data.phone, DANA_PHONE);
      const off = await ctx.request<{ data: SmsConsent }>("PUT", "/api/portal/sms-consent", {
        token,
        body: { consent: "none" },
      });
      assert.deepEqual([off.body.data.consent, off.body.data.source], ["none", "portal"]);
      const staffToken = await ctx.tokens.sign(ctx.admin);
      assert.equal((await ctx.request("GET", "/api/portal/sms-consent", { token: staffToken })).status, 403);
    });

    await t.step("technicians read no conversation", async () => {
      const tech = await addStaff(ctx, "Terry Tech");
      for (const path of ["/api/conversations", "/api/conversations/unread", `/api/customers/${danaId}/messages`]) {
        assert.equal((await ctx.request("GET", path, { token: tech.token })).status, 403, path);
      }
    });

    await t.step("Settings says whether texts are set up", async () => {
      const setup = await ctx.asAdmin("GET", "/api/settings/texts");
      assert.deepEqual(setup.body, { configured: true });
    });
  } finally {
    await close();
  }
});

test("a technician's on my way texts the customer once, even when the stage is sent twice", async () => {
  const { ctx, peer, drain, close } = await textsContext();
  try {
    const booked = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
      body: bookingBody({ smsConsent: true }),
    });
    const id = booked.body.data._id;
    await drain();
    const tech = await addStaff(ctx, "Marco Alvarez");
    await assignJob(ctx, id, tech.member._id);
    const stage = (stage: string, token: string, key?: string) =>
      ctx.request("PUT", `/api/bookings/${id}/visit`, {
        token,
        body: { stage },
        headers: key ? { "Idempotency-Key": key } : {},
      });
    assert.equal((await stage("en_route", tech.token, "k-1")).status, 200);
    assert.equal((await stage("en_route", tech.token, "k-1")).status, 200, "the device's replay");
    assert.equal((await stage("en_route", tech.token)).status, 409, "the same stage again");
    assert.equal((await stage("scheduled", await ctx.tokens.sign(ctx.admin))).status, 200);
    assert.equal((await stage("en_route", tech.token, "k-2")).status, 200);
    await drain();
    const onMyWay = peer.texts.filter((t) => /on the way/.test(t.body));
    assert.equal(onMyWay.length, 1, JSON.stringify(peer.texts.map((t) => t.body)));
    assert.match(onMyWay[0]!.body, /Marco is on the way and should arrive between \d{1,2}:\d{2} (AM|PM) and \d/);
    assert.ok(!onMyWay[0]!.body.includes("Alvarez"), "the first name only");
  } finally {
    await close();
  }
});

test("quiet hours: a text due at 10:30 PM in New York is held until 8 AM, then sent", async () => {
  // Monday 2 March 2026, 22:30 in New York.
  const { ctx, peer, drain, close } = await textsContext({ now: "2026-03-03T03:30:00.000Z" });
  try {
    const booked = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
      body: bookingBody({ smsConsent: true, cleaningDate: "2026-03-05" }),
    });
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
    await drain();
    assert.equal(peer.texts.length, 0);
    const [held] = await ctx.sql<{ next_attempt_at: Date; attempts: number; status: string }[]>`
      select next_attempt_at, attempts, status from outbox where kind = 'booking-confirmation'`;
    assert.deepEqual(
      [held!.status, held!.attempts, held!.next_attempt_at.toISOString()],
      ["pending", 0, "2026-03-03T13:00:00.000Z"],
    );
    const [text] = await ctx.sql<{ status: string }[]>`select status from text_messages`;
    assert.equal(text!.status, "held");
    ctx.clock.set("2026-03-03T12:59:00.000Z");
    await drain();
    assert.equal(peer.texts.length, 0, "not before 8 AM");
    ctx.clock.set("2026-03-03T13:00:00.000Z");
    await drain();
    assert.equal(peer.texts.length, 1);
    const [sent] = await ctx.sql<{ status: string }[]>`select status from text_messages`;
    assert.equal(sent!.status, "queued");
  } finally {
    await close();
  }
});

test("without Twilio's credentials nothing is texted and Settings says so", async () => {
  const ctx = await createTestContext();
  try {
    const booked = await ctx.request("POST", "/api/bookings", { body: bookingBody({ smsConsent: true }) });
    assert.equal(booked.status, 201);
    const [{ count }] = await ctx.sql<{ count: number }[]>`select count(*)::int from outbox where channel = 'sms'`;
    assert.equal(count, 0);
    assert.deepEqual((await ctx.asAdmin("GET", "/api/settings/texts")).body, { configured: false });
    const signed = await ctx.request("POST", "/api/webhooks/twilio/sms", {
      rawBody: "From=%2B17045550199&Body=STOP&MessageSid=SM1",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": "anything" },
    });
    assert.equal(signed.status, 403);
    const [customer] = await ctx.sql<{ customer_id: string }[]>`select customer_id from bookings`;
    const reply = await ctx.asAdmin("POST", `/api/customers/${customer!.customer_id}/messages`, {
      body: { body: "Hi" },
    });
    assert.deepEqual([reply.status, reply.body], [409, { message: TEXTS_MESSAGES.notSetUp }]);
  } finally {
    await ctx.close();
  }
});

test("a merge moves the conversation and the consent to the kept record; an opt-out stands", async () => {
  const { ctx, drain, close } = await textsContext();
  const customerOf = async (email: string) => {
    const [row] = await ctx.sql<{ customer_id: string }[]>`
      select customer_id from customer_emails where email = ${email}`;
    return row!.customer_id;
  };
  try {
    // Dana booked with the box ticked; the same person booked again under a work address, from another phone.
    assert.equal((await ctx.request("POST", "/api/bookings", { body: bookingBody({ smsConsent: true }) })).status, 201);
    const work = bookingBody({
      email: "dana@work.example.com",
      contactNumber: SAM.contactNumber,
      cleaningTime: "1:00 PM",
    });
    assert.equal((await ctx.request("POST", "/api/bookings", { body: work })).status, 201);
    const [home, office] = [await customerOf("dana.whitfield@example.com"), await customerOf("dana@work.example.com")];
    assert.notEqual(home, office);
    const reply = await ctx.asAdmin("POST", `/api/customers/${home}/messages`, { body: { body: "See you Monday!" } });
    assert.equal(reply.status, 201, JSON.stringify(reply.body));
    await drain();
    // The work record's number said STOP before the merge; the home record's consent to it is older.
    await ctx.sql`
      insert into sms_consents (customer_id, phone, state, source, changed_at)
      values (${office}, ${SAM_PHONE}, 'opted-out', 'keyword', now()),
        (${home}, ${SAM_PHONE}, 'granted', 'office', now() + interval '1 hour')`;

    const merged = await ctx.asAdmin("POST", `/api/customers/${office}/merge`, { body: { from: home } });
    assert.equal(merged.status, 200, JSON.stringify(merged.body));

    const texts = await ctx.asAdmin<Page<TextMessage>>("GET", `/api/customers/${office}/messages`);
    assert.ok(
      texts.body.data.some((text) => text.body === "See you Monday!"),
      "the conversation came along",
    );
    const rows = (await ctx.asAdmin<Page<ConversationRow>>("GET", "/api/conversations")).body.data;
    assert.deepEqual(
      rows.map((row) => row.customerId),
      [office],
      "one conversation, under the kept record",
    );
    const consents = await ctx.sql<{ phone: string; state: string }[]>`
      select phone, state from sms_consents where customer_id = ${office} order by phone`;
    assert.deepEqual(
      [...consents],
      [
        { phone: SAM_PHONE, state: "opted-out" },
        { phone: DANA_PHONE, state: "granted" },
      ],
    );
    assert.equal((await ctx.sql`select 1 from sms_consents where customer_id = ${home}`).length, 0);
  } finally {
    await close();
  }
});
