import {
  CUSTOMER_DETAIL_LIMIT,
  type Customer,
  type CustomerDetail,
  type CustomerRow,
  type DuplicatePair,
  type MergeResult,
  type Property,
} from "../../contracts/customers/customer.ts";
import type { CustomerSort, CustomersQuery, CustomerUpdate, PropertyInput } from "../../contracts/customers/schemas.ts";
import type { Page } from "../../contracts/common/paging.ts";
import type { EstimateStatus } from "../../contracts/estimates/estimate.ts";
import { invoiceStatus } from "../../contracts/invoices/invoice.ts";
import type { BookingStatus } from "../../contracts/bookings/booking.ts";
import type { Sql, Tx } from "../../db/client.ts";
import { isUuid } from "../../db/ids.ts";
import { transaction } from "../../db/transaction.ts";
import { allOf, countAtMost, keyset, type ListOrder, pageOf, type PagedRow } from "../../db/paging.ts";
import { searchedIds } from "../../db/search.ts";

/** The duplicates list answers at most this many pairs, newest first: the office works it down, it never pages. */
export const DUPLICATES_LIMIT = 100;

/**
 * A phone on more customers than this is an office line or a placeholder, not a sign of one person: it pairs no one
 * (and a number on hundreds of records would otherwise make pairs by the ten thousand).
 */
export const SHARED_PHONE_MAX = 5;

/** Who reads: the office sees every customer, a technician only those of their own jobs. */
export interface Reader {
  technicianId: string | null;
}

export interface CustomersRepo {
  list(query: CustomersQuery, reader: Reader): Promise<Page<CustomerRow>>;
  /** The detail; null for none, a merged one, or one a technician has no job for. */
  detail(id: string, reader: Reader): Promise<CustomerDetail | null>;
  /** The record locked for the rest of the transaction; null for none or a merged one. */
  lock(tx: Tx, id: string): Promise<Customer | null>;
  /** The e-mails among these that belong to another customer. */
  emailsOfOthers(tx: Tx, id: string, emails: string[]): Promise<string[]>;
  /** Saves the office's edit (phones already in E.164), raising the version. */
  update(
    tx: Tx,
    id: string,
    values: CustomerUpdate & { phones: { number: string; label: string }[] },
  ): Promise<Customer>;
  property(tx: Tx, customerId: string, propertyId: string): Promise<Property | null>;
  addProperty(tx: Tx, customerId: string, input: PropertyInput): Promise<Property>;
  updateProperty(tx: Tx, propertyId: string, input: PropertyInput): Promise<Property>;
  archiveProperty(tx: Tx, propertyId: string, archived: boolean): Promise<Property>;
  duplicates(): Promise<DuplicatePair[]>;
  /** Folds `fromId` into `keep` (both locked by the caller): everything moves, `fromId` is left a tombstone. */
  merge(tx: Tx, keep: Customer, from: Customer): Promise<MergeResult>;
  /** Both records locked in id order (so two merges of the same pair queue instead of deadlocking). */
  lockPair(tx: Tx, a: string, b: string): Promise<[Customer | null, Customer | null]>;
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

interface CustomerDbRow {
  id: string;
  name: string;
  notes: string;
  tags: string[];
  version: number;
  created_at: Date;
  updated_at: Date;
  emails: string[];
  phones: { number: string; label: string }[];
}

interface RowDbRow extends CustomerDbRow {
  address: string | null;
  booking_count: number;
  last_visit: string | null;
}

interface PropertyDbRow {
  id: string;
  customer_id: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  access_notes: string;
  furnace_or_unit: string;
  units: number;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
  visit_count?: number;
}

const toCustomer = (r: CustomerDbRow): Customer => ({
  _id: r.id,
  name: r.name,
  emails: r.emails,
  phones: r.phones,
  notes: r.notes,
  tags: r.tags,
  version: r.version,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

const toRow = (r: RowDbRow): CustomerRow => ({
  ...toCustomer(r),
  address: r.address ?? "",
  bookingCount: r.booking_count,
  lastVisitDate: r.last_visit,
});

const toProperty = (r: PropertyDbRow): Property => ({
  _id: r.id,
  customerId: r.customer_id,
  street: r.street,
  city: r.city,
  state: r.state,
  zip: r.zip,
  accessNotes: r.access_notes,
  equipment: { furnaceOrUnit: r.furnace_or_unit, units: r.units },
  archivedAt: r.archived_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** A customer's own columns and its e-mails (primary first) and phones, for a query naming the customer `c`. */
const customerColumns = (q: Sql | Tx) => q`
  c.id, c.name, c.notes, c.tags, c.version, c.created_at, c.updated_at,
  array(select e.email from customer_emails e where e.customer_id = c.id order by e.position, e.created_at, e.email)
    as emails,
  coalesce((select json_agg(json_build_object('number', p.number, 'label', p.label) order by p.position, p.number)
    from customer_phones p where p.customer_id = c.id), '[]'::json) as phones`;

/** What a list row adds: the first property in use as one line, the bookings counted, the latest visit. */
const rowColumns = (q: Sql | Tx) => q`
  ${customerColumns(q)},
  (select p.street || ', ' || p.city || ', ' || p.state || ' ' || p.zip from properties p
    where p.customer_id = c.id and p.archived_at is null order by p.created_at, p.id limit 1) as address,
  lv.booking_count, lv.last_visit::text as last_visit`;

const lastVisitJoin = (q: Sql | Tx) => q`
  cross join lateral (
    select count(*)::int as booking_count, max(b.cleaning_date) as last_visit
    from bookings b where b.customer_id = c.id) lv`;

/** The list's orders (CUSTOMER_SORTS), paged by the one keyset of every staff list. */
const CUSTOMER_ORDERS: Record<CustomerSort, ListOrder> = {
  name: { name: "name", key: "lower({t}name)", type: "text", descending: false },
  "-name": { name: "-name", key: "lower({t}name)", type: "text", descending: true },
  created: { name: "created", key: "{t}created_at", type: "timestamptz", descending: false },
  "-created": { name: "-created", key: "{t}created_at", type: "timestamptz", descending: true },
  // A customer without a visit sorts as the oldest.
  lastVisit: { name: "lastVisit", key: "coalesce(lv.last_visit, date '1900-01-01')", type: "date", descending: false },
  "-lastVisit": {
    name: "-lastVisit",
    key: "coalesce(lv.last_visit, date '1900-01-01')",
    type: "date",
    descending: true,
  },
};

export function createCustomersRepo(sql: Sql): CustomersRepo {
  const mine = (q: Sql | Tx, reader: Reader) =>
    reader.technicianId
      ? q`and exists (select 1 from bookings tb where tb.customer_id = c.id and tb.technician_id = ${reader.technicianId})`
      : q``;

  const rowsById = async (q: Sql | Tx, ids: string[]): Promise<Map<string, CustomerRow>> => {
    if (ids.length === 0) return new Map();
    const rows = await q<RowDbRow[]>`
      select ${rowColumns(q)} from customers c ${lastVisitJoin(q)} where c.id = any(${ids}::uuid[])`;
    return new Map(rows.map((r) => [r.id, toRow(r)]));
  };

  const customerById = async (q: Sql | Tx, id: string, lock: boolean): Promise<Customer | null> => {
    if (!isUuid(id)) return null;
    // Locks the customer's row only: the e-mails and phones are read after the lock, in the same statement.
    const [row] = lock
      ? await q<CustomerDbRow[]>`
          select ${customerColumns(q)} from customers c where c.id = ${id} and c.merged_into is null for update of c`
      : await q<CustomerDbRow[]>`
          select ${customerColumns(q)} from customers c where c.id = ${id} and c.merged_into is null`;
    return row ? toCustomer(row) : null;
  };

  return {
    async list(query, reader) {
      const order = CUSTOMER_ORDERS[query.sort];
      const { sortKey, after, orderBy } = keyset(sql, order, query.cursor, "c");
      // The search's matches read by their ids, as the bookings' are.
      const found = searchedIds(sql, "customers", query.q);
      const words = found ? [sql`c.id = any(array(${found}))`] : [];
      const tag = query.tag ? [sql`${query.tag} = any(c.tags)`] : [];
      const where = sql`where c.merged_into is null ${mine(sql, reader)} and ${allOf(sql, [...words, ...tag])}`;
      const [rows, [counted]] = await Promise.all([
        sql<(RowDbRow & PagedRow)[]>`
          select ${rowColumns(sql)}, ${sortKey}
          from customers c ${lastVisitJoin(sql)}
          ${where} and ${after}
          ${orderBy}
          limit ${query.limit + 1}`,
        sql<{ total: number }[]>`${countAtMost(sql, sql`select 1 from customers c ${where}`)}`,
      ]);
      return pageOf(rows, query.limit, order, counted!.total, toRow);
    },

    async detail(id, reader) {
      if (!isUuid(id)) return null;
      const [found] = await sql<CustomerDbRow[]>`
        select ${customerColumns(sql)} from customers c
        where c.id = ${id} and c.merged_into is null ${mine(sql, reader)}`;
      if (!found) return null;
      const [properties, visits, [counted], estimates, invoices, [owed], ratings] = await Promise.all([
        sql<PropertyDbRow[]>`
          select p.*, (select count(*)::int from bookings b where b.property_id = p.id) as visit_count
          from properties p where p.customer_id = ${id}
          order by p.archived_at is not null, p.created_at, p.id`,
        sql<
          {
            id: string;
            property_id: string | null;
            service_type: string;
            unit_count: number;
            cleaning_date: string;
            cleaning_time: string;
            status: BookingStatus;
            estimated_price: number;
            technician_name: string | null;
          }[]
        >`
          select b.id, b.property_id, b.service_type, b.unit_count, b.cleaning_date::text, b.cleaning_time, b.status,
            b.estimated_price::float8 as estimated_price,
            (select s.name from admin_users s where s.id = b.technician_id) as technician_name
          from bookings b where b.customer_id = ${id}
          order by b.cleaning_date desc, b.created_at desc, b.id limit ${CUSTOMER_DETAIL_LIMIT}`,
        sql<{ count: number }[]>`select count(*)::int as count from bookings where customer_id = ${id}`,
        sql<
          { id: string; number: string; booking_id: string; status: EstimateStatus; total: string; created_at: Date }[]
        >`
          select e.id, e.number, e.booking_id,
            case when e.status in ('draft', 'sent') and e.expires_at < now() then 'expired' else e.status end as status,
            coalesce(
              (select (o ->> 'totalCents')::bigint from jsonb_array_elements(e.options) o
                where o ->> '_id' = e.approved_option_id),
              (select max((o ->> 'totalCents')::bigint) from jsonb_array_elements(e.options) o), 0)::text as total,
            e.created_at
          from estimates e join bookings b on b.id = e.booking_id
          where b.customer_id = ${id} order by e.created_at desc, e.seq desc limit ${CUSTOMER_DETAIL_LIMIT}`,
        sql<
          {
            id: string;
            number: string;
            booking_id: string;
            total_cents: string;
            paid_cents: string;
            voided_at: Date | null;
            issued_at: Date;
          }[]
        >`
          select i.id, i.number, i.booking_id, i.total_cents, i.paid_cents, i.voided_at, i.issued_at
          from invoices i join bookings b on b.id = i.booking_id
          where b.customer_id = ${id} order by i.issued_at desc, i.seq desc limit ${CUSTOMER_DETAIL_LIMIT}`,
        sql<{ balance: string }[]>`
          select coalesce(sum(greatest(i.total_cents - i.paid_cents, 0)), 0)::text as balance
          from invoices i join bookings b on b.id = i.booking_id
          where b.customer_id = ${id} and i.voided_at is null`,
        sql<{ booking_id: string; stars: number; comment: string; created_at: Date }[]>`
          select r.booking_id, r.stars, r.comment, r.created_at
          from booking_ratings r join bookings b on b.id = r.booking_id
          where b.customer_id = ${id} order by r.created_at desc limit ${CUSTOMER_DETAIL_LIMIT}`,
      ]);
      return {
        ...toCustomer(found),
        properties: properties.map((p) => ({ ...toProperty(p), visitCount: p.visit_count ?? 0 })),
        visits: visits.map((v) => ({
          _id: v.id,
          propertyId: v.property_id,
          serviceType: v.service_type,
          unitCount: v.unit_count,
          cleaningDate: v.cleaning_date,
          cleaningTime: v.cleaning_time,
          status: v.status,
          estimatedPrice: Number(v.estimated_price),
          technicianName: v.technician_name,
        })),
        visitCount: counted!.count,
        estimates: estimates.map((e) => ({
          _id: e.id,
          number: e.number,
          bookingId: e.booking_id,
          status: e.status,
          totalCents: Number(e.total),
          createdAt: e.created_at.toISOString(),
        })),
        invoices: invoices.map((i) => {
          const total = Number(i.total_cents);
          const paid = Number(i.paid_cents);
          return {
            _id: i.id,
            number: i.number,
            bookingId: i.booking_id,
            status: invoiceStatus(total, paid, i.voided_at !== null),
            totalCents: total,
            balanceCents: i.voided_at ? 0 : Math.max(total - paid, 0),
            issuedAt: i.issued_at.toISOString(),
          };
        }),
        balanceCents: Number(owed!.balance),
        ratings: ratings.map((r) => ({
          bookingId: r.booking_id,
          stars: r.stars,
          comment: r.comment,
          createdAt: r.created_at.toISOString(),
        })),
      };
    },

    lock: (tx, id) => customerById(tx, id, true),

    async emailsOfOthers(tx, id, emails) {
      const rows = await tx<{ email: string }[]>`
        select email from customer_emails where email = any(${emails}::text[]) and customer_id <> ${id}
        order by email`;
      return rows.map((r) => r.email);
    },

    async update(tx, id, values) {
      const emails = [...new Set(values.emails)];
      const phones = [...new Map(values.phones.map((p) => [p.number, p])).values()];
      await tx`delete from customer_emails where customer_id = ${id} and email <> all(${emails}::text[])`;
      await tx`
        insert into customer_emails (email, customer_id, position)
        select email, ${id}, ord::int from unnest(${emails}::text[]) with ordinality as t(email, ord)
        on conflict (email) do update set position = excluded.position`;
      await tx`delete from customer_phones where customer_id = ${id}`;
      if (phones.length > 0) {
        await tx`
          insert into customer_phones (customer_id, number, label, position)
          select ${id}, number, label, ord::int
          from unnest(${phones.map((p) => p.number)}::text[], ${phones.map((p) => p.label)}::text[])
            with ordinality as t(number, label, ord)`;
      }
      await tx`
        update customers set name = ${values.name}, notes = ${values.notes}, tags = ${[...new Set(values.tags)]}::text[],
          version = version + 1, updated_at = date_trunc('milliseconds', now())
        where id = ${id}`;
      await tx`select refresh_customer_search(${id})`;
      return (await customerById(tx, id, false))!;
    },

    async property(tx, customerId, propertyId) {
      if (!isUuid(propertyId)) return null;
      const [row] = await tx<PropertyDbRow[]>`
        select * from properties where id = ${propertyId} and customer_id = ${customerId} for update`;
      return row ? toProperty(row) : null;
    },

    async addProperty(tx, customerId, input) {
      const [row] = await tx<PropertyDbRow[]>`
        insert into properties (customer_id, street, city, state, zip, access_notes, furnace_or_unit, units, address_key)
        values (${customerId}, ${input.street}, ${input.city}, ${input.state}, ${input.zip}, ${input.accessNotes},
          ${input.furnaceOrUnit}, ${input.units}, address_key(${input.street}, ${input.zip}))
        returning *`;
      await tx`select refresh_customer_search(${customerId})`;
      return toProperty(row!);
    },

    async updateProperty(tx, propertyId, input) {
      const [row] = await tx<PropertyDbRow[]>`
        update properties set street = ${input.street}, city = ${input.city}, state = ${input.state}, zip = ${input.zip},
          access_notes = ${input.accessNotes}, furnace_or_unit = ${input.furnaceOrUnit}, units = ${input.units},
          address_key = address_key(${input.street}, ${input.zip}), updated_at = date_trunc('milliseconds', now())
        where id = ${propertyId}
        returning *`;
      await tx`select refresh_customer_search(${row!.customer_id})`;
      return toProperty(row!);
    },

    async archiveProperty(tx, propertyId, archived) {
      const [row] = await tx<PropertyDbRow[]>`
        update properties set
          archived_at = ${archived ? tx`coalesce(archived_at, date_trunc('milliseconds', now()))` : null},
          updated_at = date_trunc('milliseconds', now())
        where id = ${propertyId}
        returning *`;
      return toProperty(row!);
    },

    async duplicates() {
      // Pairs once each (lower id first), the phone reason before the name's; the newest pairs first.
      const pairs = await sql<{ a: string; b: string; reason: DuplicatePair["reason"] }[]>`
        with shared as (
          select number from customer_phones group by number having count(*) between 2 and ${SHARED_PHONE_MAX}
        ), pairs as (
          select pa.customer_id as a, pb.customer_id as b, 'phone' as reason
          from shared
          join customer_phones pa on pa.number = shared.number
          join customer_phones pb on pb.number = shared.number and pb.customer_id > pa.customer_id
          union all
          select pa.customer_id, pb.customer_id, 'name-street'
          from properties pa
          join properties pb on pb.address_key = pa.address_key and pb.customer_id > pa.customer_id
          join customers ca on ca.id = pa.customer_id
          join customers cb on cb.id = pb.customer_id
          where lower(trim(ca.name)) = lower(trim(cb.name))
        ), once as (
          select distinct on (a, b) a, b, reason from pairs order by a, b, reason = 'phone' desc
        )
        select once.a, once.b, once.reason from once
        join customers ca on ca.id = once.a and ca.merged_into is null
        join customers cb on cb.id = once.b and cb.merged_into is null
        order by greatest(ca.created_at, cb.created_at) desc, once.a, once.b
        limit ${DUPLICATES_LIMIT}`;
      const rows = await rowsById(sql, [...new Set(pairs.flatMap((p) => [p.a, p.b]))]);
      return pairs.map((p) => {
        const [first, second] = [rows.get(p.a)!, rows.get(p.b)!];
        const firstIsOlder =
          first.createdAt < second.createdAt || (first.createdAt === second.createdAt && first._id < second._id);
        return { reason: p.reason, keep: firstIsOlder ? first : second, other: firstIsOlder ? second : first };
      });
    },

    async lockPair(tx, a, b) {
      if (!isUuid(a) || !isUuid(b)) return [null, null];
      const rows = await tx<{ id: string }[]>`
        select id from customers where id in (${a}, ${b}) and merged_into is null order by id for update`;
      const locked = new Set(rows.map((r) => r.id));
      return [
        locked.has(a) ? await customerById(tx, a, false) : null,
        locked.has(b) ? await customerById(tx, b, false) : null,
      ];
    },

    async merge(tx, keep, from) {
      const [counts] = await tx<{ bookings: number; estimates: number; invoices: number; payments: number }[]>`
        select
          (select count(*)::int from bookings where customer_id = ${from._id}) as bookings,
          (select count(*)::int from estimates e join bookings b on b.id = e.booking_id
            where b.customer_id = ${from._id}) as estimates,
          (select count(*)::int from invoices i join bookings b on b.id = i.booking_id
            where b.customer_id = ${from._id}) as invoices,
          (select count(*)::int from payments p join invoices i on i.id = p.invoice_id
            join bookings b on b.id = i.booking_id where b.customer_id = ${from._id}) as payments`;
      // A property at an address the kept customer already has is one place: its visits join that property.
      await tx`
        update bookings b set property_id = kp.id
        from properties fp join properties kp on kp.address_key = fp.address_key and kp.customer_id = ${keep._id}
        where fp.customer_id = ${from._id} and b.property_id = fp.id`;
      await tx`
        delete from properties fp using properties kp
        where fp.customer_id = ${from._id} and kp.customer_id = ${keep._id} and kp.address_key = fp.address_key`;
      const moved = await tx`update properties set customer_id = ${keep._id} where customer_id = ${from._id}`;
      // Estimates, invoices, payments and ratings hang off the bookings: they move with them.
      await tx`
        update bookings set customer_id = ${keep._id}, updated_at = date_trunc('milliseconds', now())
        where customer_id = ${from._id}`;
      await tx`
        update customer_emails set customer_id = ${keep._id},
          position = position + 1 + (select coalesce(max(position), 0) from customer_emails where customer_id = ${keep._id})
        where customer_id = ${from._id}`;
      await tx`
        insert into customer_phones (customer_id, number, label, position)
        select ${keep._id}, number, label,
          position + 1 + (select coalesce(max(position), 0) from customer_phones where customer_id = ${keep._id})
        from customer_phones where customer_id = ${from._id}
        on conflict do nothing`;
      await tx`delete from customer_phones where customer_id = ${from._id}`;
      await tx`update customer_sessions set customer_id = ${keep._id} where customer_id = ${from._id}`;
      // Texts: the conversation moves whole. Consent to a number both records hold: an opt-out stands (only the
      // person's START lifts it), else the later change wins. Unread counts from the earlier of the two reads.
      await tx`update text_messages set customer_id = ${keep._id} where customer_id = ${from._id}`;
      await tx`
        insert into sms_consents (customer_id, phone, state, source, staff_name, disclosure, changed_at)
        select ${keep._id}, phone, state, source, staff_name, disclosure, changed_at
        from sms_consents where customer_id = ${from._id}
        on conflict (customer_id, phone) do update set state = excluded.state, source = excluded.source,
          staff_name = excluded.staff_name, disclosure = excluded.disclosure, changed_at = excluded.changed_at
        where sms_consents.state <> 'opted-out'
          and (excluded.state = 'opted-out' or excluded.changed_at > sms_consents.changed_at)`;
      await tx`delete from sms_consents where customer_id = ${from._id}`;
      await tx`
        insert into text_conversation_reads (customer_id, read_at)
        select ${keep._id}, read_at from text_conversation_reads where customer_id = ${from._id}
        on conflict (customer_id) do update set read_at = least(text_conversation_reads.read_at, excluded.read_at)`;
      await tx`delete from text_conversation_reads where customer_id = ${from._id}`;
      const notes = [keep.notes, from.notes].filter((n) => n.trim() !== "").join("\n\n");
      await tx`
        update customers set notes = ${notes}, tags = ${[...new Set([...keep.tags, ...from.tags])]}::text[],
          version = version + 1, updated_at = date_trunc('milliseconds', now())
        where id = ${keep._id}`;
      await tx`
        update customers set merged_into = ${keep._id}, merged_at = date_trunc('milliseconds', now()), search = '',
          version = version + 1, updated_at = date_trunc('milliseconds', now())
        where id = ${from._id}`;
      await tx`select refresh_customer_search(${keep._id})`;
      return {
        data: (await customerById(tx, keep._id, false))!,
        moved: { ...counts!, properties: moved.count },
      };
    },

    transaction: (work) => transaction(sql, work),
  };
}
