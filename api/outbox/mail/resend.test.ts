import assert from "node:assert/strict";
import type { AuditEntry } from "../../contracts/audit/audit.ts";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { MailRecord } from "../../contracts/outbox/mail.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { silentLogger } from "../../testing/log.ts";
import { createTestContext } from "../../testing/context.ts";
import { bookingBody } from "../../testing/fixtures.ts";
import type { DatabaseOutbox } from "../store.ts";
import { startTestSmtpServer, waitUntil } from "../testing.ts";
import { createMailTransport } from "./transport.ts";
import { startOutboxWorker } from "../worker.ts";

Deno.test(
  "POST /api/mail/{id}/resend: an admin sends a failed e-mail again, audited, and it is delivered",
  async (t) => {
    const smtp = await startTestSmtpServer();
    const ctx = await createTestContext({ env: { SMTP_URL: smtp.url } });
    const transport = createMailTransport(ctx.config.mail, silentLogger);
    let worker: ReturnType<typeof startOutboxWorker> | null = null;
    try {
      const created = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body: bookingBody() });
      const bookingId = created.body.data._id;
      const records = async () => (await ctx.asAdmin<MailRecord[]>("GET", `/api/bookings/${bookingId}/mail`)).body;
      const [customer, business] = await records();
      // The customer's message gave up after its last attempt; the business copy is still waiting.
      await ctx.sql`
      update outbox set status = 'failed', attempts = 80, last_error = '550 mailbox unavailable'
      where id = ${customer!._id}`;
      const resend = (id: string, token?: string) =>
        ctx.request<DataEnvelope<MailRecord> & { message?: string }>("POST", `/api/mail/${id}/resend`, { token });

      await t.step("a visitor is refused with 401 and nothing changes", async () => {
        assert.equal((await resend(customer!._id)).status, 401);
        assert.equal((await records())[0]!.status, "failed");
      });

      await t.step("an unknown or malformed id is 404", async () => {
        const token = await ctx.tokens.sign(ctx.admin);
        for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id", "%25"]) {
          const res = await resend(id, token);
          assert.equal(res.status, 404, id);
          assert.equal(res.body.message, MESSAGES.mailNotFound);
        }
      });

      await t.step("a message that has not failed is refused with 409", async () => {
        const res = await resend(business!._id, await ctx.tokens.sign(ctx.admin));
        assert.equal(res.status, 409);
        assert.equal(res.body.message, MESSAGES.mailNotFailed);
      });

      await t.step("a failed message is queued again from now, attempts reset, the resend audited", async () => {
        const res = await resend(customer!._id, await ctx.tokens.sign(ctx.admin));
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.equal(res.body.data._id, customer!._id);
        assert.equal(res.body.data.status, "pending");
        assert.equal(res.body.data.attempts, 0);
        assert.equal(res.body.data.lastError, null);
        const [entry] = await ctx.sql<AuditEntry[]>`
        select admin_email as "adminEmail", action, changes from audit_log
        where entity_type = 'mail' and entity_id = ${customer!._id}`;
        assert.equal(entry!.adminEmail, ctx.admin.email);
        assert.equal(entry!.action, "resend");
        assert.deepEqual(entry!.changes.status, { from: "failed", to: "pending" });
      });

      await t.step("the worker delivers the message it had given up on", async () => {
        worker = startOutboxWorker({
          sql: ctx.sql,
          transport,
          composer: ctx.outbox.composer,
          log: silentLogger,
          pollMs: 50,
          maxAttempts: 3,
        });
        (ctx.deps.outbox as DatabaseOutbox).onWake(worker.wake);
        await waitUntil("the resent message to be sent", async () => (await records())[0]!.status === "sent");
        assert.ok(smtp.received.some((raw) => raw.toString().includes(created.body.data.email)));
      });

      await t.step("a message whose body is past the retention cannot be sent again", async () => {
        await ctx.sql`update outbox set status = 'failed', message = '{}'::jsonb where id = ${customer!._id}`;
        const res = await resend(customer!._id, await ctx.tokens.sign(ctx.admin));
        assert.equal(res.status, 409);
        assert.equal(res.body.message, MESSAGES.mailBodyGone);
      });
    } finally {
      await (worker as ReturnType<typeof startOutboxWorker> | null)?.stop();
      transport.close();
      await ctx.close();
      await smtp.close();
    }
  },
);
