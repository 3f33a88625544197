import assert from "node:assert/strict";
import type { ContactMessage } from "../contracts/contact/contact.ts";
import { connect, type Sql } from "../db/client.ts";
import { silentLogger } from "../testing/log.ts";
import { testConfig } from "../testing/context.ts";
import { createTestDatabase } from "../testing/database.ts";
import type { OutgoingMessage } from "./mail/compose.ts";
import { createOutbox } from "./store.ts";
import { closedPort, memoryTransport, parseMail, startTestSmtpServer, waitUntil } from "./testing.ts";
import { createSmtpTransport, type MailTransport } from "./mail/transport.ts";
import { startOutboxWorker } from "./worker.ts";
import { messageIdFor } from "./mail/channel.ts";
import { transaction } from "../db/transaction.ts";

const contact = (i: number): ContactMessage => ({
  _id: crypto.randomUUID(),
  name: `Visitor ${i}`,
  email: `visitor${i}@example.com`,
  phone: "704-555-0100",
  service: "Air Duct Cleaning",
  message: `Message number ${i}`,
  read: false,
  createdAt: new Date().toISOString(),
});

const TINY_BACKOFF = () => 10;

Deno.test("mail worker", async (t) => {
  const db = await createTestDatabase();
  const { profile } = testConfig();
  const outbox = createOutbox(db.sql, {
    config: testConfig(),
    log: silentLogger,
    profile: () => Promise.resolve(profile),
  });
  const enqueue = (count: number, from = 0) =>
    transaction(db.sql, async (tx) => {
      for (let i = from; i < from + count; i++) {
        await outbox.write(tx, [{ kind: "contact-received", message: contact(i), profile }]);
      }
    });
  const rows = () =>
    db.sql<{ status: string; attempts: number; last_error: string | null }[]>`
      select status, attempts, last_error from outbox order by seq`;
  const clear = () => db.sql`delete from outbox`;

  try {
    await t.step("an SMTP outage delays a message but does not lose it", async () => {
      const port = await closedPort();
      const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 2000);
      const worker = startOutboxWorker({
        sql: db.sql,
        composer: outbox.composer,
        transport,
        log: silentLogger,
        pollMs: 50,
        maxAttempts: 1000,
        backoffMs: TINY_BACKOFF,
      });
      let smtp: Awaited<ReturnType<typeof startTestSmtpServer>> | null = null;
      try {
        await enqueue(1);
        await waitUntil("a failed attempt", async () => ((await rows())[0]?.attempts ?? 0) >= 1);
        const [during] = await rows();
        assert.equal(during!.status, "pending");
        assert.ok(during!.last_error, "the reason is kept");

        smtp = await startTestSmtpServer(port);
        await waitUntil("the message to be sent", async () => (await rows())[0]?.status === "sent");
        const [after] = await rows();
        assert.equal(after!.last_error, null);
        assert.ok(after!.attempts >= 2);
        assert.equal(smtp.received.length, 1);
        assert.equal((await parseMail(smtp.received[0]!)).subject, "Contact message from Visitor 0");
      } finally {
        await worker.stop();
        transport.close();
        await smtp?.close();
        await clear();
      }
    });

    await t.step("after maxAttempts a message is failed, with the reason", async () => {
      const transport = createSmtpTransport(`smtp://127.0.0.1:${await closedPort()}`, 2000);
      const worker = startOutboxWorker({
        sql: db.sql,
        composer: outbox.composer,
        transport,
        log: silentLogger,
        pollMs: 50,
        maxAttempts: 3,
        backoffMs: TINY_BACKOFF,
      });
      try {
        await enqueue(1);
        await waitUntil("the message to fail", async () => (await rows())[0]?.status === "failed");
        const [row] = await rows();
        assert.equal(row!.attempts, 3);
        assert.match(row!.last_error!, /ECONNREFUSED|connect|refused/i);
      } finally {
        await worker.stop();
        transport.close();
        await clear();
      }
    });

    await t.step(
      "a send that hangs holds no lock or connection, and the claimed row is not due for another worker",
      async () => {
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let sending = false;
        const hanging: MailTransport = {
          describe: "a server that does not answer yet",
          send: async () => {
            sending = true;
            await released;
          },
          close: () => {},
        };
        const worker = startOutboxWorker({
          sql: db.sql,
          composer: outbox.composer,
          transport: hanging,
          log: silentLogger,
          pollMs: 50,
          maxAttempts: 3,
        });
        try {
          await enqueue(1);
          await waitUntil("the send to start", () => Promise.resolve(sending));
          // With a transaction open during the send, NOWAIT would fail here (or, embedded, wait forever).
          const locked = await db.sql.begin((tx) => tx`select id from outbox for update nowait`);
          assert.equal(locked.length, 1);
          // Claimed: another worker does not see it as due while this one sends.
          const [due] = await db.sql<{ count: number }[]>`
          select count(*)::int as count from outbox where status = 'pending' and next_attempt_at <= now()`;
          assert.equal(due!.count, 0);
          release();
          await waitUntil("the message to be sent", async () => (await rows())[0]?.status === "sent");
        } finally {
          release();
          await worker.stop();
          await clear();
        }
      },
    );

    await t.step("two workers on one database send each message exactly once", async () => {
      const smtp = await startTestSmtpServer();
      const sent: string[] = [];
      const counting = (inner: MailTransport): MailTransport => ({
        ...inner,
        async send(message: OutgoingMessage) {
          await inner.send(message);
          sent.push(message.subject);
        },
      });
      // Each worker has its own connections on a real server; PGlite serves a single connection.
      const pools: Sql[] = db.kind === "postgres" ? [connect(db.url, { max: 2 }), connect(db.url, { max: 2 })] : [];
      const sqlOf = (i: number) => pools[i] ?? db.sql;
      const transports = [createSmtpTransport(smtp.url), createSmtpTransport(smtp.url)];
      const workers = transports.map((transport, i) =>
        startOutboxWorker({
          sql: sqlOf(i),
          composer: outbox.composer,
          transport: counting(transport),
          log: silentLogger,
          pollMs: 50,
          maxAttempts: 5,
          batchSize: 3,
          backoffMs: TINY_BACKOFF,
        }),
      );
      const total = 40;
      try {
        // Written in several transactions while both workers run, so they compete for the rows.
        for (let i = 0; i < total; i += 10) {
          await enqueue(10, i);
          workers.forEach((w) => w.wake());
        }
        await waitUntil("every message to be sent", async () => (await rows()).every((r) => r.status === "sent"));
        assert.equal((await rows()).length, total);
        assert.equal(sent.length, total);
        assert.equal(new Set(sent).size, total);
        assert.equal(smtp.received.length, total);
      } finally {
        await Promise.all(workers.map((w) => w.stop()));
        transports.forEach((tr) => tr.close());
        await Promise.all(pools.map((p) => p.end({ timeout: 1 })));
        await smtp.close();
        await clear();
      }
    });

    await t.step("after the retention a finished message keeps its delivery record but not its body", async () => {
      const DAY_MS = 24 * 60 * 60 * 1000;
      await enqueue(4);
      // Oldest first: sent 31 days ago, failed 31 days ago, sent yesterday, still pending after 31 days.
      const ids = (await db.sql<{ id: string }[]>`select id from outbox order by seq`).map((r) => r.id);
      const age = (id: string, days: number) =>
        db.sql`update outbox set created_at = now() - ${`${days} days`}::interval where id = ${id}`;
      await db.sql`update outbox set status = 'sent', sent_at = now() where id in ${db.sql([ids[0]!, ids[2]!])}`;
      await db.sql`update outbox set status = 'failed', last_error = 'mailbox unavailable' where id = ${ids[1]!}`;
      await db.sql`update outbox set next_attempt_at = now() + interval '1 day' where id = ${ids[3]!}`;
      await Promise.all([age(ids[0]!, 31), age(ids[1]!, 31), age(ids[2]!, 1), age(ids[3]!, 31)]);

      const lines: Record<string, unknown>[] = [];
      const log = { info: (fields: Record<string, unknown>) => void lines.push(fields), error: () => {} };
      const transport = createSmtpTransport("smtp://127.0.0.1:1");
      const worker = startOutboxWorker({
        sql: db.sql,
        composer: outbox.composer,
        transport,
        log,
        pollMs: 50,
        maxAttempts: 3,
        retentionMs: 30 * DAY_MS,
      });
      try {
        await waitUntil("the prune to run", () => lines.some((l) => l.msg === "mail bodies past retention removed"));
        const after = await db.sql<
          { id: string; status: string; subject: string; to_address: string; emptied: boolean }[]
        >`
          select id, status, subject, to_address, message = '{}'::jsonb as emptied from outbox order by seq`;
        assert.deepEqual(
          after.map((r) => [r.status, r.emptied]),
          [
            ["sent", true],
            ["failed", true],
            ["sent", false],
            ["pending", false],
          ],
        );
        assert.ok(
          after.every((r) => r.subject && r.to_address),
          "the delivery record stays",
        );
        assert.deepEqual(lines.find((l) => l.msg === "mail bodies past retention removed")?.count, 2);
      } finally {
        await worker.stop();
        transport.close();
        await clear();
      }
    });

    await t.step(
      "a batch whose outcome the database could not take is recorded at the next pass: sent once, not after the lease",
      async () => {
        await enqueue(3);
        // The database goes away just after the messages went out: recording them as sent fails, once.
        let down = true;
        const flaky = new Proxy(db.sql, {
          apply(target, self, args: unknown[]) {
            const statement = Array.isArray(args[0]) && "raw" in args[0] ? args[0].join("?") : "";
            if (down && statement.includes("set status = 'sent'")) {
              down = false;
              return Promise.reject(new Error("connection terminated"));
            }
            return Reflect.apply(target, self, args);
          },
        });
        const transport = memoryTransport();
        const lines: Record<string, unknown>[] = [];
        const worker = startOutboxWorker({
          sql: flaky,
          composer: outbox.composer,
          transport,
          log: { info: () => {}, error: (fields) => void lines.push(fields) },
          pollMs: 50,
          maxAttempts: 10,
        });
        try {
          await waitUntil("the three recorded as sent", async () => (await rows()).every((r) => r.status === "sent"));
          assert.equal(lines[0]?.msg, "mail worker pass failed", "the failed recording was a failed pass");
          assert.equal(transport.sent.length, 3, "each sent once: none waits for its lease to go again");
          const ids = await db.sql<{ id: string }[]>`select id::text from outbox order by seq`;
          assert.deepEqual(
            transport.sent.map((m) => m.messageId),
            ids.map(({ id }) => messageIdFor(id, transport.sent[0]!.from)),
            "each message's Message-ID is its row's: a copy sent after a crash is the same message",
          );
          assert.match(transport.sent[0]!.messageId!, /^<[0-9a-f-]{36}@[^>]+>$/);
          assert.deepEqual(
            (await rows()).map((r) => r.attempts),
            [1, 1, 1],
          );
        } finally {
          await worker.stop();
          await clear();
        }
      },
    );

    await t.step("a broken database does not stop the worker, and stop() waits for the pass", async () => {
      const broken = connect("postgres://nobody@127.0.0.1:1/none", { max: 1 });
      // Once `hold` is set, the next statement of the worker waits for it: a pass under way that stop() must await.
      let hold: Promise<void> | null = null;
      let held = false;
      const holding = new Proxy(broken, {
        apply(target, self, args: unknown[]) {
          const gate = hold;
          // A template call is a statement; a plain call builds a fragment (a list of values) for one.
          if (!gate || !Array.isArray(args[0]) || !("raw" in args[0])) return Reflect.apply(target, self, args);
          held = true;
          return gate.then(() => Reflect.apply(target, self, args));
        },
      });
      const lines: Record<string, unknown>[] = [];
      const log = { info: () => {}, error: (fields: Record<string, unknown>) => void lines.push(fields) };
      const transport = createSmtpTransport("smtp://127.0.0.1:1");
      const worker = startOutboxWorker({
        sql: holding,
        transport,
        composer: outbox.composer,
        log,
        pollMs: 50,
        maxAttempts: 3,
      });
      let release!: () => void;
      try {
        await waitUntil("two failed passes", () => lines.length >= 2);
        for (const line of lines.slice(0, 2)) {
          assert.equal(line.msg, "mail worker pass failed", "each failure is logged, and the next pass still runs");
          assert.match(String(line.error), /ECONNREFUSED|connect|refused/i);
        }

        hold = new Promise<void>((resolve) => (release = resolve));
        await waitUntil("a pass to be under way", () => held);
        const failedBefore = lines.length;
        const stopping = worker.stop();
        release();
        await stopping;
        assert.equal(lines.length, failedBefore + 1, "stop() returned after the pass under way ended (and logged)");
      } finally {
        release?.();
        await worker.stop();
        transport.close();
        await broken.end({ timeout: 1 });
      }
    });
  } finally {
    await db.close();
  }
});
