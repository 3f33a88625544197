import assert from "node:assert/strict";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { Membership } from "../../contracts/plans/plan.ts";
import { waitUntil } from "../../outbox/testing.ts";
import { createTestContext } from "../../testing/context.ts";
import { billingOf, enrolledInClub } from "../../testing/plans.ts";
import { billEndedPeriods } from "./billing.ts";

Deno.test("plan invoices: the next period billed by the worker once, whatever the workers and a restart", async (t) => {
  const ctx = await createTestContext();
  try {
    const { booking, membership } = await enrolledInClub(ctx, "2026-03-02");
    const id = membership._id;
    // Enrolling plans the visit due today at once, in a transaction of its own that holds a lock on the membership's
    // row; a billing pass skips a row another worker holds. Billed only once that visit is planned.
    await waitUntil("the enrollment's visit planned", async () => {
      const planned = await ctx.sql`
        select 1 from membership_visits where membership_id = ${id} and booking_id is not null`;
      return planned.length > 0;
    });
    /** The members' e-mails of the invoices the worker issued, as the outbox holds them. */
    const billedMails = async () =>
      await ctx.sql<{ to: string; subject: string; text: string }[]>`
        select to_address as to, subject, message->>'text' as text from outbox
        where kind = 'membership-invoice' order by subject`;
    const invoices = async () =>
      (
        await ctx.asAdmin<DataEnvelope<Membership[]>>("GET", `/api/customers/${booking.customerId}/memberships`)
      ).body.data[0]!.invoices.map((i) => [i.number, i.periodStart, i.periodEnd, i.amountCents, i.paidCents]);

    await t.step("nothing is billed before the period is over", async () => {
      assert.equal(await billEndedPeriods(billingOf(ctx), new Date("2026-04-01T15:00:00Z")), 0);
      assert.deepEqual(await invoices(), [["INV-000001", "2026-03-02", "2026-04-02", 1900, 0]]);
    });

    await t.step("the period over: the next one billed, unpaid, and billed only once", async () => {
      const after = new Date("2026-04-02T15:00:00Z");
      assert.equal(await billEndedPeriods(billingOf(ctx), after), 1);
      assert.equal(await billEndedPeriods(billingOf(ctx), after), 0, "a second pass finds nothing to bill");
      assert.deepEqual(await invoices(), [
        ["INV-000001", "2026-03-02", "2026-04-02", 1900, 0],
        ["INV-000002", "2026-04-02", "2026-05-02", 1900, 0],
      ]);
      const m = (
        await ctx.asAdmin<DataEnvelope<Membership[]>>("GET", `/api/customers/${booking.customerId}/memberships`)
      ).body.data[0]!;
      assert.equal(m.currentPeriodEnd, "2026-05-02T12:00:00.000Z");
      assert.equal(m.history.at(-1)!.note, "Billed: INV-000002");
    });

    await t.step("the member is e-mailed the new invoice once: its number, amount, period and their page", async () => {
      const mails = await billedMails();
      assert.equal(mails.length, 1, "one e-mail, whatever the passes");
      const [mail] = mails;
      assert.equal(mail!.to, booking.email);
      assert.equal(mail!.subject, "Invoice INV-000002 for Clean Air Club");
      assert.match(mail!.text, /^Hello Dana,/);
      assert.match(mail!.text, /Here is invoice INV-000002 for the next period of Clean Air Club\./);
      assert.match(mail!.text, /Please pay it by cash or check/);
      assert.match(mail!.text, /Amount due: \$19\.00/);
      assert.match(mail!.text, /Period: April 2, 2026 to May 2, 2026/);
      assert.ok(mail!.text.includes(`Your page: ${ctx.config.mail.publicUrl}/portal`), mail!.text);
    });

    await t.step(
      "three workers at once, after a restart mid-way, catch up period by period without a gap",
      async () => {
        // The member now reads Spanish: the invoices billed from here are e-mailed in Spanish.
        await ctx.sql`update customers set locale = 'es' where id = ${booking.customerId!}`;
        // A worker stopped after one period (a restart): the next passes go on from there.
        const july = new Date("2026-07-03T15:00:00Z");
        assert.equal(await billEndedPeriods(billingOf(ctx), july, 1), 1);
        const counts = await Promise.all([1, 2, 3].map(() => billEndedPeriods(billingOf(ctx), july)));
        assert.equal(
          counts.reduce((a, b) => a + b, 0),
          2,
          `June and July, once each: ${counts}`,
        );
        assert.deepEqual(
          (await invoices()).map(([number, start]) => [number, start]),
          [
            ["INV-000001", "2026-03-02"],
            ["INV-000002", "2026-04-02"],
            ["INV-000003", "2026-05-02"],
            ["INV-000004", "2026-06-02"],
            ["INV-000005", "2026-07-02"],
          ],
        );
        const [{ last }] = await ctx.sql<{ last: number }[]>`
        select last_number::int as last from document_counters where kind = 'invoice'`;
        assert.equal(last, 5, "no number taken without its invoice");
        assert.deepEqual(
          (await billedMails()).map((m) => m.subject),
          [
            "Factura INV-000003 de Clean Air Club",
            "Factura INV-000004 de Clean Air Club",
            "Factura INV-000005 de Clean Air Club",
            "Invoice INV-000002 for Clean Air Club",
          ],
          "one e-mail an invoice, in the member's language when it was billed",
        );
        const [spanish] = (await billedMails()).filter((m) => m.subject.includes("INV-000005"));
        assert.match(spanish!.text, /Importe a pagar: \$19\.00/);
      },
    );

    await t.step(
      "where cards are taken online, the e-mail says the invoice can be paid on the member's page",
      async () => {
        await ctx.sql`update customers set locale = 'en' where id = ${booking.customerId!}`;
        assert.equal(await billEndedPeriods({ ...billingOf(ctx), online: true }, new Date("2026-08-03T15:00:00Z")), 1);
        const [august] = (await billedMails()).filter((m) => m.subject.includes("INV-000006"));
        assert.match(august!.text, /Pay it by card on your page, or by cash or check/);
      },
    );

    await t.step("a membership cancelled, or paid by card, is not billed by the worker", async () => {
      await ctx.asAdmin("POST", `/api/memberships/${id}/cancel`, { body: { atPeriodEnd: true } });
      assert.equal(await billEndedPeriods(billingOf(ctx), new Date("2026-09-03T15:00:00Z")), 0);
    });
  } finally {
    await ctx.close();
  }
});
