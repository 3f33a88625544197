import nodemailer from "nodemailer";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { MailConfig } from "../../config.ts";
import type { Logger } from "../../platform/log.ts";
import { onceUnlessFailed } from "../../platform/once.ts";
import type { OutgoingMessage } from "./compose.ts";

/** Where the worker hands messages: an SMTP server, or .eml files when none is configured. */
export interface MailTransport {
  /** Resolves once the message is accepted; rejects with the reason otherwise. */
  send(message: OutgoingMessage): Promise<void>;
  /** For the start-up log line: where mail goes (no credentials). */
  describe: string;
  close(): void;
}

/**
 * SMTP through nodemailer. Timeouts are short so that a whole batch ends well inside the worker's claim
 * lease: a server that never answers must not let another instance claim the same messages meanwhile.
 */
export function createSmtpTransport(smtpUrl: string, timeoutMs = 15_000): MailTransport {
  const url = new URL(smtpUrl);
  const transporter = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === "smtps:" ? 465 : 587,
    secure: url.protocol === "smtps:",
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 2,
  });
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    describe: `smtp://${url.host}`,
    close: () => transporter.close(),
  };
}

let sequence = 0;

/** A file name that sorts by the time of writing and never collides within or across processes. */
function emlFileName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:.]/g, "");
  sequence = (sequence + 1) % 1_000_000;
  return `${stamp}-${String(sequence).padStart(6, "0")}-${crypto.randomUUID().slice(0, 8)}.eml`;
}

/** Without SMTP_URL: each message becomes a complete .eml file (opens in any mail program), and a log line. */
export function createFileTransport(dir: string, log: Logger, now: () => Date = () => new Date()): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "crlf" });
  // Made once, not before every message; tried again after a failure.
  const folder = onceUnlessFailed(() => mkdir(dir, { recursive: true }));
  return {
    async send(message) {
      const info = await transporter.sendMail(message);
      await folder();
      const file = join(dir, emlFileName(now()));
      await writeFile(file, info.message as Uint8Array);
      log.info({ msg: "mail written", file, to: message.to.address, subject: message.subject });
    },
    describe: `files in ${dir}`,
    close: () => transporter.close(),
  };
}

export function createMailTransport(config: MailConfig, log: Logger): MailTransport {
  return config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createFileTransport(config.dir, log);
}
