import type { Sql } from "../../db/client.ts";
import type { Channel } from "../channel.ts";
import type { Compose } from "./compose.ts";
import { dropCheck } from "./policy.ts";
import type { MailTransport } from "./transport.ts";

/** E-mail: each row is composed (named e-mails rendered now) and handed to the transport (SMTP or files). */
export function mailChannel(options: { sql: Sql; transport: MailTransport; composer: () => Compose }): Channel {
  return {
    batch() {
      const compose = options.composer();
      return {
        drop: dropCheck(options.sql),
        send: async (row) => await options.transport.send(await compose(row.message)),
      };
    },
  };
}
