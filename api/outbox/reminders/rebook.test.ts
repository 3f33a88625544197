import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { Unsubscribed } from "../../contracts/outbox/reminders.ts";
import { memoryTransport, waitUntil } from "../testing.ts";
import { startTestWorker } from "../../testing/mail.ts";
import { createTestContext } from "../../testing/context.ts";
import { bookingBody } from "../../testing/fixtures.ts";
import { addStaff } from "../../testing/staff.ts";

Deno.test("rebook reminders: one per completed visit, with a one-click unsubscribe", async (t) => {
  const ctx = await createTestContext({ env: { REBOOK_AFTER_DAYS: "0", PUBLIC_URL: "https://clean.example.com" } });
  const transport = memoryTransport();
  const sent = transport.sent;
  // Sends everything due, then stops: the changes between two drains are not raced by a worker.
  const drain = async () => {
    const worker = startTestWorker(ctx, transport);
    try {
      await waitUntil("the outbox to drain", async () => {
        const [{ count }] = await ctx.sql<{ count: number }[]>`
          select count(*)::int as count from outbox where status = 'pending'`;
        return count === 0;
      });
    } finally {
      await worker.stop();
    }
  };
  const rebooks = (email: string) =>
    ctx.sql<{ status: string; last_error: string | null; next_attempt_at: Date }[]>`
      select status, last_error, next_attempt_at from outbox
      where kind = 'rebook-reminder' and to_address = ${email} order by seq`;
  const book = async (email: string, time = "9:00 AM") => {
    const res = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
      body: bookingBody({ email, cleaningTime: time }),
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.data;
  };
  const setStatus = async (id: string, status: string) => {
    const res = await ctx.asAdmin("PUT", `/api/bookings/${id}/status`, { body: { status } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  };
  const rebookMail = (email: string) => sent.filter((m) => m.to.address === email && /^Time for/.test(m.subject));
  let token = "";

  try {
    await t.step("a completed visit is reminded REBOOK_AFTER_DAYS later, once, with the book-again link", async () => {
      const booking = await book("ruth@example.com");
      assert.equal((await rebooks("ruth@example.com")).length, 0, "none before the visit is completed");
      await setStatus(booking._id, "completed");
      const [row] = await rebooks("ruth@example.com");
      assert.equal(row?.next_attempt_at.toISOString(), ctx.clock.now().toISOString(), "due 0 days after completion");
      // Completed again (taken back, then completed): still one.
      await setStatus(booking._id, "confirmed");
      assert.equal((await rebooks("ruth@example.com")).length, 0, "a visit taken back drops its pending reminder");
      await setStatus(booking._id, "completed");
      await drain();
      assert.equal(rebookMail("ruth@example.com").length, 1);
      await setStatus(booking._id, "confirmed");
      await setStatus(booking._id, "completed");
      assert.equal((await rebooks("ruth@example.com")).length, 1, "one per completed visit, once sent");

      const mail = rebookMail("ruth@example.com")[0]!;
      assert.equal(mail.subject, "Time for your yearly Air Duct Cleaning");
      const [{ manage_token }] = await ctx.sql<{ manage_token: string }[]>`
        select manage_token from bookings where id = ${booking._id}`;
      assert.ok(mail.text.includes(`https://clean.example.com/booking?again=${manage_token}`));
      assert.doesNotMatch(mail.text.split("Book your next")[1]!, /2026-03-03/, "the link carries no date");
      const header = mail.headers?.["List-Unsubscribe"] ?? "";
      const match = /^<https:\/\/clean\.example\.com\/api\/unsubscribe\/([0-9a-f]{64})>$/.exec(header);
      assert.ok(match, header);
      token = match[1]!;
      assert.equal(mail.headers?.["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
      assert.ok(mail.text.includes(`https://clean.example.com/unsubscribe/${token}`), "and a link in the text");
    });

    await t.step("the one-click POST unsubscribes without login; the office sees who", async () => {
      const opened = await ctx.request("GET", `/api/unsubscribe/${token}`);
      assert.equal(opened.status, 303, "opening the link does not unsubscribe (link checkers open links)");
      assert.equal(opened.headers.get("location"), `/unsubscribe/${token}`);
      assert.equal((await ctx.asAdmin<DataEnvelope<Unsubscribed[]>>("GET", "/api/unsubscribe")).body.data.length, 0);

      const res = await ctx.request("POST", `/api/unsubscribe/${token}`, {
        rawBody: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      assert.equal(res.status, 200);
      assert.equal((await ctx.request("POST", `/api/unsubscribe/${token}`)).status, 200, "twice is fine");
      const list = await ctx.asAdmin<DataEnvelope<Unsubscribed[]>>("GET", "/api/unsubscribe");
      assert.deepEqual(
        list.body.data.map((u) => u.email),
        ["ruth@example.com"],
      );
      assert.equal((await ctx.request("POST", `/api/unsubscribe/${"0".repeat(64)}`)).status, 404);
      assert.equal((await ctx.request("POST", "/api/unsubscribe/not-a-token")).status, 404);
      assert.equal((await ctx.request("GET", "/api/unsubscribe")).status, 401);
      const tech = await addStaff(ctx, "Marco Diaz");
      assert.equal((await ctx.request("GET", "/api/unsubscribe", { token: tech.token })).status, 403);
    });

    await t.step("an unsubscribed customer gets no rebook reminder, but still their visit's e-mails", async () => {
      const again = await book("ruth@example.com", "10:00 AM");
      await setStatus(again._id, "completed");
      await drain();
      assert.equal((await rebooks("ruth@example.com"))[1]!.status, "skipped");
      assert.equal((await rebooks("ruth@example.com"))[1]!.last_error, "The customer unsubscribed");
      assert.equal(rebookMail("ruth@example.com").length, 1);
      assert.ok(sent.some((m) => m.to.address === "ruth@example.com" && /^Booking received/.test(m.subject)));
    });

    await t.step("none once the customer has booked again, and none of a kind turned off in Settings", async () => {
      const first = await book("sam@example.com");
      await setStatus(first._id, "completed");
      await book("sam@example.com", "11:00 AM");
      await drain();
      const off = await ctx.asAdmin("PUT", "/api/settings", {
        body: { reminders: { rebook: false, visit: false } },
      });
      assert.equal(off.status, 200, JSON.stringify(off.body));
      const lee = await book("lee@example.com", "12:00 PM");
      await setStatus(lee._id, "completed");
      // A visit reminder falling due meanwhile is held back by its own switch.
      await ctx.sql`
        insert into outbox (kind, booking_id, to_address, subject, message)
        values ('visit-reminder', ${lee._id}, 'lee@example.com', 'Reminder: your visit', '{}'::jsonb)`;
      await drain();
      const [visit] = await ctx.sql<{ status: string; last_error: string }[]>`
        select status, last_error from outbox where kind = 'visit-reminder' and booking_id = ${lee._id}`;
      assert.deepEqual(visit, { status: "skipped", last_error: "Visit reminders are turned off in Settings" });
      assert.equal((await rebooks("sam@example.com"))[0]!.last_error, "The customer booked again");
      assert.equal((await rebooks("lee@example.com"))[0]!.last_error, "Rebook reminders are turned off in Settings");
      assert.equal(rebookMail("sam@example.com").length + rebookMail("lee@example.com").length, 0);
    });
  } finally {
    await ctx.close();
  }
});
