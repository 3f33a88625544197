import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import { createBookingsRepo } from "../../features/bookings/repo.ts";
import { createSettingsRepo } from "../../features/settings/repo.ts";
import { silentLogger } from "../../testing/log.ts";
import { testConfig } from "../../testing/context.ts";
import { createTestDatabase } from "../../testing/database.ts";
import { createOutbox } from "../store.ts";
import { memoryTransport, waitUntil } from "../testing.ts";
import { startOutboxWorker } from "../worker.ts";
import type { DueMessage } from "../channel.ts";
import { dropCheck } from "../mail/policy.ts";
import { transaction } from "../../db/transaction.ts";
import type { Sql } from "../../db/client.ts";

// 9:00 AM New York on 10 March 2026 is 13:00 UTC (daylight saving time starts on the 8th).
const VISIT = "2026-03-10";

Deno.test("visit reminders: one per visit, at the right moment, following moves and cancellations", async (t) => {
  const db = await createTestDatabase();
  const bookings = createBookingsRepo(db.sql);
  const outboxFor = (env: Record<string, string> = {}) => {
    const config = testConfig(env);
    return createOutbox(db.sql, { config, log: silentLogger, profile: () => Promise.resolve(config.profile) });
  };
  const outbox = outboxFor();
  const book = async (date: string, createdAt: string, email: string) => {
    const [row] = await db.sql<{ id: string }[]>`
      insert into bookings (first_name, last_name, email, contact_number, home_address, city, state, zip,
        furnace_or_unit, service_type, unit_count, cleaning_date, cleaning_time, comment, original_price,
        discount_amount, estimated_price, status, time_zone, created_at)
      values ('Ruth', 'Okafor', ${email}, '(704) 555-0100', '12 Elm St', 'Charlotte', 'NC', '28203', 'Furnace',
        'air-duct-cleaning', 1, ${date}, '9:00 AM', '', 199, 0, 199, 'pending', 'America/New_York', ${createdAt})
      returning id`;
    return (await bookings.get(row!.id))!;
  };
  const remind = (booking: Booking, deleted = false, box = outbox) =>
    transaction(db.sql, async (tx) => {
      const [row] = await tx<{ manage_token: string }[]>`select manage_token from bookings where id = ${booking._id}`;
      const context = { profile: testConfig().profile };
      await box.write(tx, [{ kind: "reminders", booking, manageToken: row?.manage_token ?? null, deleted, context }]);
    });
  /** The booking's pending reminders, each with the text the worker will send. */
  const pending = async (id: string) => {
    const rows = await db.sql<{ next_attempt_at: Date; subject: string; message: unknown }[]>`
      select next_attempt_at, subject, message from outbox
      where booking_id = ${id} and kind = 'visit-reminder' and status = 'pending'`;
    return await Promise.all(
      rows.map(async ({ message, ...row }) => ({ ...row, text: (await outbox.composer()(message)).text })),
    );
  };

  try {
    await t.step(
      "booked a week ahead: one reminder 24 hours before, with when, where and the manage link",
      async () => {
        const booking = await book(VISIT, "2026-03-01T12:00:00Z", "ruth@example.com");
        await remind(booking);
        await remind(booking);
        const rows = await pending(booking._id);
        assert.equal(rows.length, 1, "setting it again replaces it");
        assert.equal(rows[0]!.next_attempt_at.toISOString(), "2026-03-09T13:00:00.000Z");
        assert.match(rows[0]!.subject, /^Reminder: /);
        assert.match(rows[0]!.text, /12 Elm St/);
        assert.match(rows[0]!.text, /\/booking\/manage\/[0-9a-f]{64}/);
      },
    );

    await t.step(
      "a moved visit is reminded once, for its new time; a cancelled or deleted one not at all",
      async () => {
        const booking = await book(VISIT, "2026-03-01T12:00:00Z", "moved@example.com");
        await remind(booking);
        await remind({ ...booking, cleaningDate: "2026-03-12" });
        const rows = await pending(booking._id);
        assert.deepEqual(
          rows.map((r) => r.next_attempt_at.toISOString()),
          ["2026-03-11T13:00:00.000Z"],
        );
        await remind({ ...booking, status: "cancelled" });
        assert.equal((await pending(booking._id)).length, 0);
        await remind(booking);
        await remind({ ...booking, status: "completed" });
        assert.equal((await pending(booking._id)).length, 0);
        await remind(booking);
        await remind(booking, true);
        assert.equal((await pending(booking._id)).length, 0);
      },
    );

    await t.step("booked the evening before: 12 hours after booking; too close to the visit: none", async () => {
      const evening = await book(VISIT, "2026-03-09T22:00:00Z", "evening@example.com");
      await remind(evening);
      assert.equal((await pending(evening._id))[0]!.next_attempt_at.toISOString(), "2026-03-10T10:00:00.000Z");
      const late = await book(VISIT, "2026-03-10T01:30:00Z", "late@example.com");
      await remind(late);
      assert.equal((await pending(late._id)).length, 0, "12 hours later is less than 2 hours before the visit");
      // Without the minimum gap, a visit inside the window is reminded at once.
      await remind(late, false, outboxFor({ REMINDER_MIN_GAP_HOURS: "0" }));
      assert.equal((await pending(late._id))[0]!.next_attempt_at.toISOString(), "2026-03-10T01:30:00.000Z");
    });

    await t.step("two workers racing for a due reminder send it exactly once", async () => {
      await db.sql`delete from outbox`;
      const booking = await book(VISIT, "2026-03-01T12:00:00Z", "race@example.com");
      await remind(booking, false, outboxFor({ REMINDER_HOURS: "720", REMINDER_MIN_GAP_HOURS: "0" }));
      const transport = memoryTransport({ delayMs: 50 });
      // Each worker's claims (the statement that takes due rows), counted as they start and finish. The first claim
      // of each waits for the other's, so both go for the reminder at the same moment, not one after the other.
      const started = [0, 0];
      const finished = [0, 0];
      let arrived = 0;
      let bothThere!: () => void;
      const together = new Promise<void>((resolve) => (bothThere = resolve));
      const counted = (i: number): Sql =>
        new Proxy(db.sql, {
          apply(target, self, args: unknown[]) {
            const [strings] = args;
            const claim = Array.isArray(strings) && String(strings[0]).includes("update outbox set next_attempt_at");
            if (!claim) return Reflect.apply(target, self, args);
            const first = started[i]++ === 0;
            return (async () => {
              if (first && ++arrived === 2) bothThere();
              if (first) await together;
              try {
                return await Reflect.apply(target, self, args);
              } finally {
                finished[i]! += 1;
              }
            })();
          },
        });
      const workers = [0, 1].map((i) =>
        startOutboxWorker({
          sql: counted(i),
          transport,
          composer: outbox.composer,
          log: silentLogger,
          pollMs: 20,
          maxAttempts: 5,
        }),
      );
      try {
        for (const worker of workers) worker.wake();
        await waitUntil("the reminder to be sent", async () => {
          const [row] = await db.sql<{ status: string }[]>`
            select status from outbox where booking_id = ${booking._id}`;
          return row?.status === "sent";
        });
        // Then each worker claims again, in a pass begun after the reminder was sent (stop() below waits for what
        // is under way): a second copy, from the race or from a later pass, would be in the transport by then.
        const mark = [...started];
        await waitUntil("a later claim by each worker", () => finished.every((n, i) => n > mark[i]!));
      } finally {
        await Promise.all(workers.map((worker) => worker.stop()));
      }
      assert.equal(transport.sent.filter((m) => /^Reminder: /.test(m.subject)).length, 1);
    });

    await t.step("a reminder a worker had claimed is not sent once a later change removed it", async () => {
      const booking = await book(VISIT, "2026-03-01T12:00:00Z", "claimed@example.com");
      await remind(booking);
      // What the worker holds after its claim, before sending.
      const [claimed] = await db.sql<DueMessage[]>`
        select id, kind, channel, booking_id, to_address, created_at, message from outbox
        where booking_id = ${booking._id} and kind = 'visit-reminder'`;
      assert.equal(await dropCheck(db.sql)(claimed!, new Date()), null, "still due: it goes");
      await remind({ ...booking, status: "cancelled" });
      assert.equal(await dropCheck(db.sql)(claimed!, new Date()), "A later change of the booking replaced it");
    });

    await t.step(
      "a batch reads the reminder switches once: a change in Settings shows from the next batch on",
      async () => {
        const due = async (email: string) => {
          const booking = await book(VISIT, "2026-03-01T12:00:00Z", email);
          await remind(booking);
          const [row] = await db.sql<DueMessage[]>`
          select id, kind, channel, booking_id, to_address, created_at, message from outbox
          where booking_id = ${booking._id} and kind = 'visit-reminder'`;
          return row!;
        };
        const first = await due("batch-one@example.com");
        const second = await due("batch-two@example.com");
        const batch = dropCheck(db.sql);
        assert.equal(await batch(first, new Date()), null);
        const settings = createSettingsRepo(db.sql);
        const current = await settings.get();
        const switchTo = (visit: boolean) =>
          transaction(db.sql, (tx) => settings.save(tx, { ...current, reminders: { ...current.reminders, visit } }));
        await switchTo(false);
        try {
          assert.equal(await batch(second, new Date()), null, "the batch keeps the switches it read");
          assert.equal(await dropCheck(db.sql)(second, new Date()), "Visit reminders are turned off in Settings");
        } finally {
          await switchTo(true);
        }
      },
    );
  } finally {
    await db.close();
  }
});
