import type { Sql } from "../../db/client.ts";
import type { Channel } from "../channel.ts";
import type { Compose } from "./compose.ts";
import { dropCheck } from "./policy.ts";
import type { MailTransport } from "./transport.ts";

/**
 * The Message-ID of a row's e-mail: the same each time the row is sent. A worker that dies between sending and
 * recording sends its batch again once the claim lapses (worker.ts); the copy then carries the first one's id, which
 * mail providers and clients take for the same message and show once.
 */
export function messageIdFor(rowId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${rowId}@${domain}>`;
}

/** E-mail: each row is composed (named e-mails rendered now) and handed to the transport (SMTP or files). */
export function mailChannel(options: { sql: Sql; transport: MailTransport; composer: () => Compose }): Channel {
  return {
    batch() {
      const compose = options.composer();
      return {
        drop: dropCheck(options.sql),
        send: async (row) => {
          const message = await compose(row.message);
          await options.transport.send({ ...message, messageId: messageIdFor(row.id, message.from) });
        },
      };
    },
  };
}
