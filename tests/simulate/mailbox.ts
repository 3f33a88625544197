// The SMTP peer every instance sends through: it keeps each message it accepts, and reads them as their
// recipients would (a customer's link, a technician's invitation).
import { parseMail, startTestSmtpServer, type TestSmtpServer } from "../../api/outbox/testing.ts";
import { waitFor } from "../cluster/processes.ts";

export interface Received {
  to: string;
  subject: string;
  text: string;
  /** The same for a copy the outbox sent again after a crash (one id per outbox row). */
  messageId: string;
}

export class Mailbox {
  private readonly parsed: Received[] = [];
  /** One reader at a time: two would parse the same message into the list twice. */
  private reading: Promise<unknown> = Promise.resolve();
  private constructor(private readonly server: TestSmtpServer) {}

  static async start(): Promise<Mailbox> {
    return new Mailbox(await startTestSmtpServer());
  }

  get url() {
    return this.server.url;
  }

  /** Every message received so far, parsed. */
  all(): Promise<Received[]> {
    const next = this.reading.then(() => this.readNew());
    this.reading = next.catch(() => {});
    return next;
  }

  private async readNew(): Promise<Received[]> {
    while (this.parsed.length < this.server.received.length) {
      const mail = await parseMail(this.server.received[this.parsed.length]!);
      const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
      this.parsed.push({
        to: (to?.value[0]?.address ?? "").toLowerCase(),
        subject: mail.subject ?? "",
        text: mail.text ?? "",
        messageId: mail.messageId ?? crypto.randomUUID(),
      });
    }
    return this.parsed;
  }

  /** The first match of `pattern` in a message to `address`, once one has come. */
  async find(address: string, pattern: RegExp, what: string, ms = 120_000): Promise<string> {
    return await waitFor(
      async () => {
        for (const mail of await this.all()) {
          const match = mail.to === address.toLowerCase() ? pattern.exec(mail.text) : null;
          if (match) return match[1]!;
        }
        return undefined;
      },
      what,
      ms,
    );
  }

  close() {
    return this.server.close();
  }
}
