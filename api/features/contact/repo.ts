import type { ContactMessage } from "../../contracts/contact/contact.ts";
import type { ContactInput } from "../../contracts/contact/schemas.ts";
import type { Sql, Tx } from "../../db/client.ts";

/** Contact messages: stored in the caller's transaction (with its e-mail), read and marked by admins. */
export interface ContactRepo {
  insert(tx: Tx, message: ContactInput): Promise<ContactMessage>;
  /** Newest first. */
  list(): Promise<ContactMessage[]>;
  /** Marks the message read (keeping the first instant it was read) or unread; null for an unknown id. */
  setRead(id: string, read: boolean): Promise<ContactMessage | null>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are UUIDs; anything else cannot exist, and must not reach a uuid cast. */
export const isMessageId = (id: string) => UUID.test(id);

interface ContactRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
  read_at: Date | null;
  created_at: Date;
}

const toMessage = (r: ContactRow): ContactMessage => ({
  _id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  service: r.service,
  message: r.message,
  read: r.read_at !== null,
  createdAt: r.created_at.toISOString(),
});

export function createContactRepo(sql: Sql): ContactRepo {
  return {
    async insert(tx, m) {
      const [row] = await tx<ContactRow[]>`
        insert into contact_messages (name, email, phone, service, message)
        values (${m.name}, ${m.email}, ${m.phone}, ${m.service}, ${m.message})
        returning *`;
      return toMessage(row!);
    },
    async list() {
      const rows = await sql<ContactRow[]>`select * from contact_messages order by created_at desc, id`;
      return rows.map(toMessage);
    },
    async setRead(id, read) {
      if (!isMessageId(id)) return null;
      const [row] = await sql<ContactRow[]>`
        update contact_messages
        set read_at = case when ${read}::boolean then coalesce(read_at, date_trunc('milliseconds', now())) end
        where id = ${id}
        returning *`;
      return row ? toMessage(row) : null;
    },
  };
}
