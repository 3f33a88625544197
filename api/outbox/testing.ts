import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";
import ICAL from "ical.js";
import { Buffer } from "node:buffer";
import type { AddressInfo } from "node:net";
import type { OutgoingMessage } from "./mail/compose.ts";
import type { MailTransport } from "./mail/transport.ts";
import type { DatabaseOutbox } from "./store.ts";
import { startOutboxWorker } from "./worker.ts";
import { silentLogger } from "../testing/log.ts";
import type { TestContext } from "../testing/context.ts";

/** A transport that keeps every message it is handed, in order (`delayMs`: each send takes that long). */
export function memoryTransport({ delayMs = 0 } = {}): MailTransport & { sent: OutgoingMessage[] } {
  const sent: OutgoingMessage[] = [];
  return {
    sent,
    describe: "memory",
    close: () => {},
    async send(message) {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      sent.push(message);
    },
  };
}

/** A real SMTP server on loopback that keeps every message it accepts (tests). */
export interface TestSmtpServer {
  port: number;
  url: string;
  /** Raw messages in the order they arrived. */
  received: Buffer[];
  close(): Promise<void>;
}

export function startTestSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: Buffer[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks));
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const bound = (server.server.address() as AddressInfo).port;
      resolve({
        port: bound,
        url: `smtp://127.0.0.1:${bound}`,
        received,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

/** A loopback port nothing listens on (just freed): an SMTP outage. */
export async function closedPort(): Promise<number> {
  const probe = await startTestSmtpServer();
  await probe.close();
  return probe.port;
}

/** Polls until `check` holds; gives up after a generous bound so a broken worker fails instead of hanging. */
export async function waitUntil(what: string, check: () => Promise<boolean> | boolean, boundMs = 30_000) {
  const giveUp = Date.now() + boundMs;
  while (!(await check())) {
    if (Date.now() > giveUp) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const parseMail = (raw: Buffer | Uint8Array) => simpleParser(Buffer.from(raw));

/** The text of the message's calendar attachment, or null. */
export function calendarOf(mail: ParsedMail): string | null {
  const attachment = mail.attachments.find((a) => a.contentType === "text/calendar");
  return attachment ? attachment.content.toString("utf8") : null;
}

/** The VCALENDAR parsed by ical.js, with its VTIMEZONE registered so times resolve to instants. */
export function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zone = calendar.getFirstSubcomponent("vtimezone");
  if (zone) ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT");
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

/** The app with a worker sending its outbox through `transport`, as main.ts wires them. */
export function withWorker(ctx: TestContext, transport: MailTransport) {
  const worker = startOutboxWorker({
    sql: ctx.sql,
    composer: ctx.outbox.composer,
    transport,
    log: silentLogger,
    pollMs: 50,
    maxAttempts: 3,
    backoffMs: () => 10,
  });
  (ctx.deps.outbox as DatabaseOutbox).onWake(worker.wake);
  const allSent = async () => {
    const [row] = await ctx.sql<{ unsent: number }[]>`
      select count(*)::int as unsent from outbox where status <> 'sent'`;
    return row!.unsent === 0;
  };
  return { worker, allSent };
}
