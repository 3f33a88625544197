import type { ContactMessage } from "../../contracts/contact/contact.ts";
import type { ContactInput, ContactListQuery, ContactSort } from "../../contracts/contact/schemas.ts";
import type { Page } from "../../contracts/common/paging.ts";
import type { Sql, Tx } from "../../db/client.ts";
import { allOf, countAtMost, keyset, type ListOrder, pageOf, type PagedRow } from "../../db/paging.ts";
import { searchPatterns } from "../../db/search.ts";

/** Contact messages: stored in the caller's transaction (with its e-mail), read and marked by admins. */
export interface ContactRepo {
  insert(tx: Tx, message: ContactInput): Promise<ContactMessage>;
  /** One page of the messages, by the query's filter, search and order. */
  page(query: ContactListQuery): Promise<Page<ContactMessage>>;
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

/** The list's orders, each served by an index on (its key, id) (migration 022). */
const CONTACT_ORDERS: Record<ContactSort, ListOrder> = {
  "-created": { name: "-created", key: "{t}created_at", type: "timestamptz", descending: true },
  created: { name: "created", key: "{t}created_at", type: "timestamptz", descending: false },
  name: { name: "name", key: "lower({t}name)", type: "text", descending: false },
};

export function createContactRepo(sql: Sql): ContactRepo {
  return {
    async insert(tx, m) {
      const [row] = await tx<ContactRow[]>`
        insert into contact_messages (name, email, phone, service, message)
        values (${m.name}, ${m.email}, ${m.phone}, ${m.service}, ${m.message})
        returning *`;
      return toMessage(row!);
    },
    async page(query) {
      const order = CONTACT_ORDERS[query.sort];
      const { sortKey, after, orderBy } = keyset(sql, order, query.cursor, "m");
      const conditions = searchPatterns(query.q).map((w) => sql`m.search_text like ${w}`);
      if (query.read) conditions.push(query.read === "true" ? sql`m.read_at is not null` : sql`m.read_at is null`);
      const where = allOf(sql, conditions);
      const [rows, [count]] = await Promise.all([
        sql<(ContactRow & PagedRow)[]>`
          select m.id, m.name, m.email, m.phone, m.service, m.message, m.read_at, m.created_at, ${sortKey}
          from contact_messages m where ${where} and ${after}
          ${orderBy} limit ${query.limit + 1}`,
        sql<{ total: number }[]>`${countAtMost(sql, sql`select 1 from contact_messages m where ${where}`)}`,
      ]);
      return pageOf(rows, query.limit, order, count!.total, toMessage);
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
