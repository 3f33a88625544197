import type { Sql } from "../db/client.ts";
import type { Logger } from "../platform/log.ts";
import { outboxLease, outboxSends } from "../platform/metrics.ts";
import { type Channel, type ChannelBatch, type DueMessage, NotSent, NotYet, TRACE_KEY } from "./channel.ts";
import { detached, inSpan, linksFrom, SpanKind } from "../platform/tracing.ts";
import { mailChannel } from "./mail/channel.ts";
import type { Compose } from "./mail/compose.ts";
import type { MailTransport } from "./mail/transport.ts";
import { pushChannel, type PushSender } from "./push/channel.ts";

export interface OutboxWorkerOptions {
  sql: Sql;
  /** Where e-mails go (SMTP, or files). */
  transport: MailTransport;
  /** What turns a batch's rows into messages ready to send (the outbox renders the rows that name their e-mail). */
  composer: () => Compose;
  /** Web pushes to staff devices, written to the same outbox; left pending until one is given. */
  push?: PushSender;
  /** Text messages (outbox/sms/channel.ts); left pending until one is given. */
  sms?: Channel;
  log: Logger;
  pollMs: number;
  maxAttempts: number;
  /** Delay before retry number `attempts` + 1; exponential by default. */
  backoffMs?: (attempts: number) => number;
  now?: () => Date;
  /** Rows claimed and sent per pass. */
  batchSize?: number;
  /** How long claimed rows stay with this worker; longer than sending a whole batch can take. */
  leaseMs?: number;
  /** After this long a sent or failed message keeps only its delivery record, not its body; never if absent. */
  retentionMs?: number;
  /** How often a worker looks for bodies past the retention (a cheap, idempotent update). */
  pruneEveryMs?: number;
}

export interface OutboxWorker {
  /** Look for due messages now instead of at the next poll. */
  wake(): void;
  /** Stops polling; resolves when the pass under way has finished. */
  stop(): Promise<void>;
}

const BACKOFF_BASE_MS = 30_000;
const DEFAULT_LEASE_MS = 10 * 60 * 1000;
const BACKOFF_CAP_MS = 60 * 60 * 1000;
const DEFAULT_PRUNE_EVERY_MS = 60 * 60 * 1000;

/** 30 s, 1 min, 2 min, … capped at one hour. */
export const exponentialBackoff = (attempts: number) =>
  Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_MS);

interface DueRow extends DueMessage {
  attempts: number;
  /** The trace of the change that wrote the row (taken out of its message), and of its send once traced. */
  writtenIn?: string;
  sentIn?: string;
}

/** Takes the writer's trace out of a claimed row's message: channels see the message as it was composed. */
function takeTrace(row: DueRow): void {
  const message = row.message;
  if (typeof message !== "object" || message === null || !(TRACE_KEY in message)) return;
  const { [TRACE_KEY]: writtenIn, ...rest } = message as Record<string, unknown>;
  row.message = rest;
  if (typeof writtenIn === "string") row.writtenIn = writtenIn;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Sends the outbox: the one engine of every channel (claim with a lease, send, record, retry with backoff, prune).
 * Each pass claims due rows (see sendBatch), hands each to its channel, which may drop it by its send-time policy, and
 * records the outcomes (the sent ones together, once the batch is through), so instances sharing the database never
 * send one message twice; a crash between sending and recording sends the batch's messages again when the claim's
 * lease ends (at least once).
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { sql, log, pollMs, maxAttempts } = options;
  const channels: Partial<Record<DueMessage["channel"], Channel>> = {
    mail: mailChannel({ sql, transport: options.transport, composer: options.composer }),
    ...(options.push ? { push: pushChannel(options.push) } : {}),
    ...(options.sms ? { sms: options.sms } : {}),
  };
  const backoff = options.backoffMs ?? exponentialBackoff;
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? 10;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pruneEveryMs = options.pruneEveryMs ?? DEFAULT_PRUNE_EVERY_MS;
  let lastPrune = -Infinity;

  // A batch whose outcome could not be written (the database went away under it): what went out is recorded, and what
  // did not is handed back, at the next pass rather than when the lease ends. A message sent but left pending would
  // otherwise go out again after the lease, and one never tried would wait the lease out.
  let unrecorded: DueRow[] = [];
  let unreleased: { id: string; leaseEnd: Date }[] = [];

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const skip = async (row: DueRow, reason: string) => {
    await sql`
      update outbox set status = 'skipped', last_error = ${reason.slice(0, 1000)} where id = ${row.id}`;
    outboxSends.inc({ channel: row.channel, outcome: "skipped" });
    log.info({ msg: "message not sent", id: row.id, kind: row.kind, reason });
  };

  /** The batch's sent rows, recorded in one statement rather than one per message. */
  const finishSent = async (sent: DueRow[]) => {
    if (sent.length === 0) return;
    await sql`
      update outbox set status = 'sent', sent_at = ${now()}, attempts = attempts + 1, last_error = null
      where id = any(${sent.map((row) => row.id)}::uuid[])`;
    for (const row of sent) {
      outboxSends.inc({ channel: row.channel, outcome: "sent" });
      log.info({ msg: "mail sent", id: row.id, kind: row.kind, attempts: row.attempts + 1, traceId: row.sentIn });
    }
  };

  /**
   * One send is one trace of its own (it may come hours after the change, in another process), linked to the trace
   * of the change that wrote it; its statements and log lines are part of it.
   */
  const deliver = (row: DueRow, channel: ChannelBatch): Promise<boolean> =>
    inSpan(
      `outbox.send ${row.channel}`,
      {
        kind: SpanKind.CONSUMER,
        links: linksFrom(row.writtenIn),
        attributes: { "outbox.channel": row.channel, "outbox.kind": row.kind, "outbox.attempt": row.attempts + 1 },
      },
      (span) => {
        if (span) row.sentIn = span.spanContext().traceId;
        return deliverNow(row, channel);
      },
    );

  /** Sends one claimed row; true when it went (recorded with its batch), else its outcome is recorded here. */
  const deliverNow = async (row: DueRow, channel: ChannelBatch): Promise<boolean> => {
    const attempts = row.attempts + 1;
    try {
      // What changed since the message was written (a switch in Settings, an unsubscribe, a new booking) decides.
      const reason = await channel.drop(row, now());
      if (reason) {
        await skip(row, reason);
        return false;
      }
      await channel.send(row);
      return true;
    } catch (error) {
      const reason = reasonOf(error);
      if (error instanceof NotSent) {
        await skip(row, reason);
        return false;
      }
      if (error instanceof NotYet) {
        // Not an attempt: the message waits, its lease given back for the moment it may go.
        await sql`update outbox set next_attempt_at = ${error.until} where id = ${row.id}`;
        outboxSends.inc({ channel: row.channel, outcome: "held" });
        log.info({ msg: "message held", id: row.id, kind: row.kind, until: error.until.toISOString() });
        return false;
      }
      const failed = attempts >= maxAttempts;
      const nextAttempt = new Date(now().getTime() + backoff(attempts));
      await sql`
        update outbox
        set status = ${failed ? "failed" : "pending"}, attempts = ${attempts}, last_error = ${reason},
          next_attempt_at = ${nextAttempt}
        where id = ${row.id}`;
      outboxSends.inc({ channel: row.channel, outcome: failed ? "failed" : "retry" });
      log.error({ msg: failed ? "mail failed" : "mail send will be retried", id: row.id, attempts, error: reason });
      return false;
    }
  };

  /**
   * Claims due rows by moving their next attempt a lease ahead, in one short statement (SKIP LOCKED: two
   * workers never claim the same row), then sends them with no transaction open: a slow SMTP server holds no
   * database connection or lock. A worker that dies mid-batch leaves its rows to be retried when the lease ends.
   */
  const sendBatch = async () => {
    const leaseEnd = new Date(now().getTime() + leaseMs);
    const rows = await sql<(DueRow & { seq: string })[]>`
      /* outbox.claim */ update outbox set next_attempt_at = ${leaseEnd}
      where id in (
        select id from outbox
        where status = 'pending' and next_attempt_at <= ${now()} and channel in ${sql(Object.keys(channels))}
        order by seq
        for update skip locked
        limit ${batchSize})
      returning id, kind, channel, booking_id, to_address, created_at, message, attempts, seq`;
    rows.sort((a, b) => Number(a.seq) - Number(b.seq));
    for (const row of rows) takeTrace(row);
    if (rows.length > 0) outboxLease.inc({ result: "renewed" });
    const sent: DueRow[] = [];
    const batches = new Map<DueMessage["channel"], ChannelBatch>();
    const batchOf = (channel: DueMessage["channel"]) => {
      let batch = batches.get(channel);
      if (!batch) batches.set(channel, (batch = channels[channel]!.batch()));
      return batch;
    };
    let settled = 0;
    try {
      for (const row of rows) {
        if (await deliver(row, batchOf(row.channel))) sent.push(row);
        settled += 1;
      }
    } catch (error) {
      unreleased.push(...rows.slice(settled).map((row) => ({ id: row.id, leaseEnd })));
      throw error;
    } finally {
      // A batch that outlasted its lease may have been claimed again by another worker: its messages may go twice.
      if (rows.length > 0 && now() > leaseEnd) outboxLease.inc({ result: "lost" });
      // Also when recording another row's outcome failed: what went out is not sent again after the lease.
      await recordSent(sent);
    }
    return rows.length;
  };

  const recordSent = async (sent: DueRow[]) => {
    try {
      await finishSent(sent);
    } catch (error) {
      unrecorded.push(...sent);
      throw error;
    }
  };

  /** What a pass left unwritten when the database went away, written now that it answers. */
  const catchUp = async () => {
    if (unrecorded.length > 0) {
      const rows = unrecorded;
      unrecorded = [];
      await recordSent(rows);
    }
    if (unreleased.length > 0) {
      const claims = unreleased;
      unreleased = [];
      try {
        // Only a claim still ours: once its lease has ended another worker may hold the row.
        for (const claim of claims) {
          const released = await sql`
            update outbox set next_attempt_at = ${now()}
            where id = ${claim.id} and status = 'pending' and next_attempt_at = ${claim.leaseEnd}`;
          if (released.count === 0) outboxLease.inc({ result: "lost" });
        }
      } catch (error) {
        unreleased.push(...claims);
        throw error;
      }
    }
  };

  /**
   * A message body repeats the customer's address, phone and price, and outlives a deleted booking: once it can
   * no longer be retried it is kept for the retention only. Kind, recipient, subject, status and times stay,
   * as the record of what was sent that admins see on the booking.
   */
  const prune = async () => {
    if (options.retentionMs === undefined || now().getTime() - lastPrune < pruneEveryMs) return;
    lastPrune = now().getTime();
    const cutoff = new Date(now().getTime() - options.retentionMs);
    const pruned = await sql`
      update outbox set message = '{}'::jsonb
      where status in ('sent', 'failed') and created_at < ${cutoff} and message <> '{}'::jsonb`;
    if (pruned.count > 0) log.info({ msg: "mail bodies past retention removed", count: pruned.count });
  };

  const pass = async () => {
    try {
      await catchUp();
      await prune();
      // A full batch means more may be due: keep going until the outbox is drained.
      let handled: number;
      do handled = await sendBatch();
      while (!stopped && handled === batchSize);
    } catch (error) {
      log.error({ msg: "mail worker pass failed", error: reasonOf(error) });
    }
  };

  const run = () => {
    timer = undefined;
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass().finally(() => {
      running = null;
      if (stopped) return;
      if (again) {
        again = false;
        schedule(0);
      } else schedule(pollMs);
    });
  };

  // A pass is woken from a request's commit, but is none of that request's work.
  const runDetached = detached(run);
  const schedule = (ms: number) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(runDetached, ms);
  };

  schedule(0);

  return {
    wake() {
      if (stopped) return;
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
