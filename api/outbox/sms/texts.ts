import type {
  ConversationRow,
  SmsConsent,
  SmsConsentSource,
  SmsConsentState,
  TextDirection,
  TextKind,
  TextMessage,
  TextStatus,
  UnlinkedNumber,
} from "../../contracts/texts/texts.ts";
import { type Page, TOTAL_COUNTED_MAX } from "../../contracts/common/paging.ts";
import type { Sql, Tx } from "../../db/client.ts";
import { isUuid } from "../../db/ids.ts";
import { allOf, countAtMost, keyset, type ListOrder, pageOf } from "../../db/paging.ts";
import { searchedIds } from "../../db/search.ts";
import { errorMeaning } from "./errors.ts";

type Q = Sql | Tx;

interface ConsentRow {
  phone: string;
  state: SmsConsentState;
  source: SmsConsentSource;
  staff_name: string | null;
  disclosure: string | null;
  changed_at: Date;
}

interface TextRow {
  id: string;
  customer_id: string | null;
  booking_id: string | null;
  direction: TextDirection;
  kind: TextKind | null;
  phone: string;
  body: string;
  status: TextStatus;
  segments: number;
  error_code: number | null;
  error_text: string | null;
  staff_name: string | null;
  created_at: Date;
  updated_at: Date;
}

const TEXT_COLUMNS =
  "id, customer_id, booking_id, direction, kind, phone, body, status, segments, error_code, error_text, staff_name, " +
  "created_at, updated_at";

export const toTextMessage = (r: TextRow): TextMessage => ({
  _id: r.id,
  customerId: r.customer_id ?? "",
  bookingId: r.booking_id,
  direction: r.direction,
  kind: r.kind,
  phone: r.phone,
  body: r.body,
  status: r.status,
  segments: r.segments,
  errorCode: r.error_code,
  errorText: r.error_text,
  staffName: r.staff_name,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** A consent change, as evidence: the state, where and by whom, the disclosure shown, and when. */
export interface ConsentChange {
  customerId: string;
  phone: string;
  state: SmsConsentState;
  source: SmsConsentSource;
  staffName?: string | null;
  disclosure?: string | null;
  at: Date;
}

/** How far a text's state has come: a late callback of an earlier state never moves it back. */
const STATUS_RANK: Record<TextStatus, number> = {
  held: 0,
  queued: 1,
  sent: 2,
  delivered: 3,
  undelivered: 3,
  failed: 3,
  received: 3,
};

const CONVERSATIONS: ListOrder = { name: "activity", key: "{t}last_at", type: "timestamptz", descending: true };
const MESSAGES: ListOrder = { name: "newest", key: "{t}created_at", type: "timestamptz", descending: true };

/**
 * The texts' tables: consent per customer and phone, every text sent or received, and the office's last look at a
 * conversation. Written by the SMS channel (what it sent and how it went) and by the texts' routes and webhooks.
 */
export function createTextsStore(sql: Sql) {
  return {
    /** The texting phone of a customer: the first on their record, or null. */
    async phoneOf(customerId: string, q: Q = sql): Promise<string | null> {
      if (!isUuid(customerId)) return null;
      const [row] = await q<{ number: string }[]>`
        select number from customer_phones where customer_id = ${customerId} order by position limit 1`;
      return row?.number ?? null;
    },

    /** Where consent stands for a customer's phone ("none" and nulls when never given). */
    async consentOf(customerId: string, phone: string | null, q: Q = sql): Promise<SmsConsent> {
      const none: SmsConsent = { phone, consent: "none", at: null, source: null, staffName: null, disclosure: null };
      if (!phone) return none;
      const [row] = await q<ConsentRow[]>`
        select phone, state, source, staff_name, disclosure, changed_at from sms_consents
        where customer_id = ${customerId} and phone = ${phone}`;
      if (!row) return none;
      return {
        phone,
        consent: row.state,
        at: row.changed_at.toISOString(),
        source: row.source,
        staffName: row.staff_name,
        disclosure: row.disclosure,
      };
    },

    /** Writes a consent change (the row holds the latest; the audit trail keeps each one). */
    async setConsent(tx: Tx, change: ConsentChange) {
      await tx`
        insert into sms_consents (customer_id, phone, state, source, staff_name, disclosure, changed_at)
        values (${change.customerId}, ${change.phone}, ${change.state}, ${change.source}, ${change.staffName ?? null},
                ${change.disclosure ?? null}, ${change.at})
        on conflict (customer_id, phone) do update set
          state = excluded.state, source = excluded.source, staff_name = excluded.staff_name,
          disclosure = coalesce(excluded.disclosure, sms_consents.disclosure), changed_at = excluded.changed_at`;
    },

    /**
     * A number's consent for all who have it (a STOP or START from the phone, a carrier's block): every customer
     * with this phone on their record. Answers the customers whose state changed.
     */
    async setNumber(tx: Tx, phone: string, state: "opted-out" | "granted", source: SmsConsentSource, at: Date) {
      const rows = await tx<{ customer_id: string }[]>`
        insert into sms_consents (customer_id, phone, state, source, changed_at)
        select cp.customer_id, ${phone}, ${state}, ${source}, ${at}
        from customer_phones cp join customers c on c.id = cp.customer_id
        where cp.number = ${phone} and c.merged_into is null
        on conflict (customer_id, phone) do update set
          state = excluded.state, source = excluded.source, staff_name = null, changed_at = excluded.changed_at
          where sms_consents.state <> excluded.state
        returning customer_id`;
      return rows.map((r) => r.customer_id);
    },

    /** True when some customer of this number has opted out (a texted STOP is for the number, whoever asks). */
    async numberOptedOut(phone: string, q: Q = sql): Promise<boolean> {
      const [row] = await q`select 1 from sms_consents where phone = ${phone} and state = 'opted-out' limit 1`;
      return !!row;
    },

    /** The customer an inbound text is from: the one with this phone whose latest booking is newest. */
    async customerOfPhone(phone: string, q: Q = sql): Promise<string | null> {
      const [row] = await q<{ customer_id: string }[]>`
        select cp.customer_id from customer_phones cp join customers c on c.id = cp.customer_id
        where cp.number = ${phone} and c.merged_into is null
        order by (select max(b.created_at) from bookings b where b.customer_id = cp.customer_id) desc nulls last,
          cp.customer_id
        limit 1`;
      return row?.customer_id ?? null;
    },

    /** An outbound text written when it is held or handed to Twilio; one per outbox row, however often tried. */
    async recordOutbound(
      q: Q,
      text: {
        outboxId: string | null;
        customerId: string | null;
        bookingId: string | null;
        kind: TextKind;
        phone: string;
        body: string;
        status: TextStatus;
        segments: number;
        sid?: string | null;
        errorCode?: number | null;
        staffName?: string | null;
        at: Date;
      },
    ): Promise<TextMessage> {
      const errorCode = text.errorCode ?? null;
      const values = {
        outbox_id: text.outboxId,
        customer_id: text.customerId,
        booking_id: text.bookingId,
        direction: "outbound",
        kind: text.kind,
        phone: text.phone,
        body: text.body,
        status: text.status,
        segments: text.segments,
        twilio_sid: text.sid ?? null,
        error_code: errorCode,
        error_text: errorMeaning(errorCode),
        staff_name: text.staffName ?? null,
        created_at: text.at,
        updated_at: text.at,
      };
      const [row] = await q<TextRow[]>`
        insert into text_messages ${q(values)}
        on conflict (outbox_id) do update set
          status = excluded.status, segments = excluded.segments, body = excluded.body,
          twilio_sid = coalesce(excluded.twilio_sid, text_messages.twilio_sid), error_code = excluded.error_code,
          error_text = excluded.error_text, updated_at = excluded.updated_at
        returning ${q.unsafe(TEXT_COLUMNS)}`;
      return toTextMessage(row!);
    },

    /**
     * A text on record that will not go (held at night or shown queued, then dropped at send time): it ends "failed"
     * with the reason in words and no error code, as Twilio never saw it. Null when there was none to end.
     */
    async recordNotSent(q: Q, text: { outboxId: string; reason: string; at: Date }): Promise<TextMessage | null> {
      const [row] = await q<TextRow[]>`
        update text_messages set status = 'failed', error_code = null, error_text = ${text.reason},
          updated_at = ${text.at}
        where outbox_id = ${text.outboxId} and status in ('held', 'queued') and twilio_sid is null
        returning ${q.unsafe(TEXT_COLUMNS)}`;
      return row ? toTextMessage(row) : null;
    },

    /** An inbound text, once per MessageSid: null when that sid was stored before. */
    async recordInbound(
      tx: Tx,
      text: { sid: string; customerId: string | null; phone: string; body: string; at: Date },
    ): Promise<TextMessage | null> {
      const [row] = await tx<TextRow[]>`
        insert into text_messages (customer_id, direction, phone, body, status, segments, twilio_sid, created_at,
                                   updated_at)
        values (${text.customerId}, 'inbound', ${text.phone}, ${text.body}, 'received', 1, ${text.sid}, ${text.at},
                ${text.at})
        on conflict (twilio_sid) do nothing
        returning ${tx.unsafe(TEXT_COLUMNS)}`;
      return row ? toTextMessage(row) : null;
    },

    /** A delivery report: moves the text forward (never back), with the error in words. Null for an unknown sid. */
    async recordStatus(
      tx: Tx,
      report: { sid: string; status: TextStatus; errorCode: number | null; at: Date },
    ): Promise<TextMessage | null> {
      const [current] = await tx<{ status: TextStatus }[]>`
        select status from text_messages where twilio_sid = ${report.sid} for update`;
      if (!current) return null;
      if (STATUS_RANK[report.status] < STATUS_RANK[current.status]) return null;
      const [row] = await tx<TextRow[]>`
        update text_messages set status = ${report.status}, error_code = ${report.errorCode},
          error_text = ${errorMeaning(report.errorCode)}, updated_at = ${report.at}
        where twilio_sid = ${report.sid}
        returning ${tx.unsafe(TEXT_COLUMNS)}`;
      return row ? toTextMessage(row) : null;
    },

    /** A customer's texts, newest first, paged like the staff lists. */
    async page(customerId: string, query: { limit: number; cursor?: string }): Promise<Page<TextMessage>> {
      const { sortKey, after, orderBy } = keyset(sql, MESSAGES, query.cursor, "t");
      const where = sql`t.customer_id = ${customerId}`;
      const [rows, [counted]] = await Promise.all([
        sql<(TextRow & { sort_key: string })[]>`
          select ${sql.unsafe(
            TEXT_COLUMNS.split(", ")
              .map((c) => `t.${c}`)
              .join(", "),
          )}, ${sortKey}
          from text_messages t where ${where} and ${after} ${orderBy} limit ${query.limit + 1}`,
        countAtMost(sql, sql`select 1 from text_messages t where ${where}`),
      ]);
      return pageOf(rows, query.limit, MESSAGES, counted!.total as number, toTextMessage);
    },

    /** The office's conversations: one per customer with texts, newest activity first, searched by name or phone. */
    async conversations(query: { limit: number; cursor?: string; q: string }): Promise<Page<ConversationRow>> {
      const found = searchedIds(sql, "customers", query.q);
      const words = found ? [sql`cu.id = any(array(${found}))`] : [];
      const conv = sql`
        select distinct on (t.customer_id) t.customer_id as id, t.body as last_body, t.direction as last_direction,
          t.created_at as last_at, t.phone
        from text_messages t join customers cu on cu.id = t.customer_id
        where cu.merged_into is null and ${allOf(sql, words)}
        order by t.customer_id, t.created_at desc, t.id desc`;
      const { sortKey, after, orderBy } = keyset(sql, CONVERSATIONS, query.cursor, "c");
      type Row = {
        id: string;
        name: string;
        phone: string;
        last_body: string;
        last_direction: TextDirection;
        last_at: Date;
        unread: number;
        consent: SmsConsentState | null;
        sort_key: string;
      };
      const [rows, [counted]] = await Promise.all([
        sql<Row[]>`
          with c as (${conv})
          select c.id, cu.name, c.phone, c.last_body, c.last_direction, c.last_at, ${sortKey},
            (select count(*)::int from text_messages i
             where i.customer_id = c.id and i.direction = 'inbound'
               and i.created_at > coalesce((select read_at from text_conversation_reads r where r.customer_id = c.id),
                                           '-infinity')) as unread,
            (select s.state from sms_consents s where s.customer_id = c.id and s.phone = c.phone) as consent
          from c join customers cu on cu.id = c.id
          where ${after} ${orderBy} limit ${query.limit + 1}`,
        countAtMost(sql, sql`select 1 from (${conv}) c`),
      ]);
      return pageOf(rows, query.limit, CONVERSATIONS, counted!.total as number, (r) => ({
        customerId: r.id,
        customerName: r.name,
        phone: r.phone,
        lastBody: r.last_body,
        lastDirection: r.last_direction,
        lastAt: r.last_at.toISOString(),
        unread: r.unread,
        consent: r.consent ?? "none",
      }));
    },

    /**
     * The numbers on no customer's record that have texts, newest activity first (the latest `limit`): a text from a
     * number nobody booked with is still the office's to read.
     */
    async unlinked(limit = 50): Promise<UnlinkedNumber[]> {
      const rows = await sql<
        {
          phone: string;
          last_body: string;
          last_direction: TextDirection;
          last_at: Date;
          received: number;
          unread: number;
        }[]
      >`
        with latest as (
          select distinct on (phone) phone, body as last_body, direction as last_direction, created_at as last_at
          from text_messages where customer_id is null
          order by phone, created_at desc, seq desc)
        select l.*, counts.received, counts.unread
        from latest l
        left join text_number_reads r on r.phone = l.phone
        cross join lateral (
          select count(*)::int as received,
                 (count(*) filter (where i.created_at > coalesce(r.read_at, '-infinity')))::int as unread
          from text_messages i
          where i.phone = l.phone and i.customer_id is null and i.direction = 'inbound') counts
        order by l.last_at desc, l.phone limit ${limit}`;
      return rows.map((r) => ({
        phone: r.phone,
        lastBody: r.last_body,
        lastDirection: r.last_direction,
        lastAt: r.last_at.toISOString(),
        received: r.received,
        unread: r.unread,
      }));
    },

    /** The texts of a number on no customer's record, oldest first (the latest `limit`). */
    async ofUnlinkedNumber(phone: string, limit = 200): Promise<TextMessage[]> {
      const rows = await sql<TextRow[]>`
        select * from (
          select ${sql.unsafe(TEXT_COLUMNS)}, seq from text_messages where phone = ${phone} and customer_id is null
          order by created_at desc, seq desc limit ${limit}) latest
        order by created_at, seq`;
      return rows.map(toTextMessage);
    },

    /**
     * The inbound texts of every conversation since the office last opened it, and of every number on no customer's
     * record since the office last opened its texts, counted up to the lists' limit.
     */
    async unread(): Promise<{ total: number; atLeast: boolean }> {
      const [counted] = await countAtMost(
        sql,
        sql`
          select 1 from text_messages i
          join customers cu on cu.id = i.customer_id
          left join text_conversation_reads r on r.customer_id = i.customer_id
          where i.direction = 'inbound' and cu.merged_into is null
            and i.created_at > coalesce(r.read_at, '-infinity')
          union all
          select 1 from text_messages i
          left join text_number_reads r on r.phone = i.phone
          where i.direction = 'inbound' and i.customer_id is null
            and i.created_at > coalesce(r.read_at, '-infinity')`,
      );
      const total = counted!.total as number;
      return { total: Math.min(total, TOTAL_COUNTED_MAX), atLeast: total > TOTAL_COUNTED_MAX };
    },

    /** The office opened the conversation: its inbound texts so far are read. */
    async markRead(customerId: string, at: Date) {
      await sql`
        insert into text_conversation_reads (customer_id, read_at) values (${customerId}, ${at})
        on conflict (customer_id) do update set read_at = greatest(text_conversation_reads.read_at, excluded.read_at)`;
    },

    /** The office opened the texts of a number on no customer's record: its inbound texts so far are read. */
    async markNumberRead(phone: string, at: Date) {
      await sql`
        insert into text_number_reads (phone, read_at) values (${phone}, ${at})
        on conflict (phone) do update set read_at = greatest(text_number_reads.read_at, excluded.read_at)`;
    },

    /** A booking's texts, oldest first, for its history beside its e-mails. */
    async forBooking(bookingId: string): Promise<TextMessage[]> {
      if (!isUuid(bookingId)) return [];
      const rows = await sql<TextRow[]>`
        select ${sql.unsafe(TEXT_COLUMNS)} from text_messages where booking_id = ${bookingId} order by created_at, seq`;
      return rows.map(toTextMessage);
    },
  };
}

export type TextsStore = ReturnType<typeof createTextsStore>;
