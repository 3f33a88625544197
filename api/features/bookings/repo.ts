import { randomBytes } from "node:crypto";
import type { Booking, BookingStatus } from "../../contracts/bookings/booking.ts";
import type { VisitStage } from "../../contracts/visit/visit.ts";
import type { Locale } from "../../contracts/i18n/locales.ts";
import { type BookingDeleted, DELETION_RETENTION_MS } from "../../contracts/realtime/events.ts";
import type { Sql, Tx } from "../../db/client.ts";
import { transaction } from "../../db/transaction.ts";
import { isUuid } from "../../db/ids.ts";
import { bookingOfCustomer, type CustomerKey } from "../../db/customer-key.ts";
import { Conflict } from "../../errors.ts";
import type { BookingSort } from "../../contracts/bookings/booking.ts";
import type { BookingsListQuery } from "../../contracts/bookings/schemas.ts";
import type { Page } from "../../contracts/common/paging.ts";
import { allOf, countAtMost, keyset, type ListOrder, pageOf, type PagedRow } from "../../db/paging.ts";
import { numberFound, searchedIds } from "../../db/search.ts";
import { toE164 } from "../../platform/phones.ts";

/**
 * What gets stored for a booking: the customer's fields, the server's price and a status, and, only when they
 * change, the technician and the visit's stage (absent = kept as it is; a new stage also dates it).
 */
export type BookingValues = Omit<
  Booking,
  | "_id"
  | "version"
  | "createdAt"
  | "updatedAt"
  | "customerId"
  | "propertyId"
  | "technicianId"
  | "technicianName"
  | "visitStage"
  | "visitStageAt"
> & {
  /** The customer and property a new booking belongs to (decided in its transaction); absent = kept as they are. */
  customerId?: string | null;
  propertyId?: string | null;
  technicianId?: string | null;
  visitStage?: VisitStage;
  /** When a new stage was reached on the technician's device; the time of the write when absent. */
  visitStageAt?: string | null;
  /** Whether the customer was away when the visit was completed (the report says so). */
  customerNotPresent?: boolean;
};

/** A technician as an assignment sees them, read under a lock of their row. */
export interface Assignee {
  _id: string;
  name: string;
  email: string;
  role: string;
  status: string;
}

export interface BookingsRepo {
  /**
   * One page of the staff's list: the query's filters, search and order (technicianId already the caller's own
   * when a technician asks). With `since`, the rows changed after that instant, by (updated_at, id).
   */
  page(query: BookingsListQuery): Promise<Page<Booking>>;
  /** The bookings of one date that hold their slot (not cancelled), by time. */
  listDay(date: string): Promise<Booking[]>;
  /** A technician's jobs still to do (pending or confirmed) from `fromDate` on, soonest first. */
  upcomingFor(technicianId: string, fromDate: string): Promise<Booking[]>;
  /** The active technicians, by name, for the schedule's columns. */
  activeTechnicians(): Promise<{ _id: string; name: string; color: string }[]>;
  /**
   * Locks the staff member's row until the transaction ends (every assignment to them queues behind it) and
   * answers who they are; null for no such person.
   */
  lockAssignee(tx: Tx, staffId: string): Promise<Assignee | null>;
  /** True when the technician already holds another job (not cancelled) at that date and time. */
  technicianBusy(tx: Tx, technicianId: string, date: string, time: string, excludeId: string): Promise<boolean>;
  /** Bookings deleted after `since` (all that are kept without it), oldest deletion first. */
  listDeleted(since?: string): Promise<BookingDeleted[]>;
  /** The booking; inside a transaction, read through it (on one connection, as PGlite has, the pool would wait). */
  get(id: string, tx?: Tx): Promise<Booking | null>;
  /**
   * The booking, by id or by the secret of its manage link, locked for the rest of the transaction, with that
   * secret (read with it); null for none.
   */
  lock(
    tx: Tx,
    target: { id: string; customer?: CustomerKey } | { manageToken: string },
  ): Promise<{ booking: Booking; manageToken: string } | null>;
  /**
   * Serializes every writer of one date and time until the transaction ends, then counts the bookings that
   * hold the slot (cancelled ones do not). Check-then-insert under this lock cannot overbook.
   */
  lockSlotAndCount(tx: Tx, date: string, time: string, excludeId?: string): Promise<number>;
  /** The base price per unit a booking of this service is charged now, and its title; null for no such service. */
  serviceForBooking(tx: Tx, serviceId: string): Promise<{ price: number; title: string } | null>;
  /**
   * Stores a new booking (draftBooking) under its id and manage token, and answers it as stored: its e-mails,
   * rendered from the draft, go out in the same round trip.
   */
  insertDraft(tx: Tx, draft: DraftInsert): Promise<Booking>;
  /** Saves new values, raising the version and updated_at. */
  update(tx: Tx, id: string, values: BookingValues): Promise<Booking>;
  /**
   * Deletes the booking and records its deletion (for the dashboards' catch-up), purging records older than
   * the retention; answers the booking as it was, with the instant of deletion as updatedAt.
   */
  remove(tx: Tx, id: string): Promise<Booking | null>;
  /** The booking a manage link opens (a plain read, no lock); null for an unknown token. */
  getByManageToken(token: string): Promise<Booking | null>;
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

/** Manage tokens are 64 lowercase hex characters; anything else is not looked up at all. */
export const isManageToken = (token: string) => /^[0-9a-f]{64}$/.test(token);

/** A new booking before it is stored, and the secret of its manage link. */
export interface DraftBooking {
  booking: Booking;
  manageToken: string;
}

/** What the insert writes beside the draft: the language the customer booked in, kept on their record. */
export interface DraftInsert extends DraftBooking {
  locale: Locale;
}

/**
 * A new booking as it will be stored, made before the insert so that its e-mails can be rendered and sent with it:
 * its id and manage token (256 random bits) are made here; the database's own columns take their defaults (no
 * technician, the visit scheduled, version 1). `now` stands in for the stamps until the insert answers with its own.
 */
export function draftBooking(values: BookingValues, now: Date): DraftBooking {
  const manageToken = randomBytes(32).toString("hex");
  const { visitStage: _stage, visitStageAt: _at, ...fields } = values;
  const stamp = now.toISOString();
  return {
    booking: {
      ...fields,
      _id: crypto.randomUUID(),
      customerId: values.customerId ?? null,
      propertyId: values.propertyId ?? null,
      technicianId: values.technicianId ?? null,
      technicianName: null,
      visitStage: "scheduled",
      visitStageAt: null,
      version: 1,
      createdAt: stamp,
      updatedAt: stamp,
    },
    manageToken,
  };
}

/** Booking ids are UUIDs; anything else cannot exist, and must not reach a uuid cast. */
export const isBookingId = isUuid;

/** The advisory-lock namespace of a date and slot (every writer of one slot queues on it). */
export const SLOT_LOCK_NAMESPACE = 2;

export interface BookingRow {
  id: string;
  manage_token: string;
  first_name: string;
  last_name: string;
  email: string;
  contact_number: string;
  home_address: string;
  city: string;
  state: string;
  zip: string;
  furnace_or_unit: string;
  service_type: string;
  unit_count: number;
  cleaning_date: string;
  cleaning_time: string;
  comment: string;
  original_price: number;
  discount_amount: number;
  estimated_price: number;
  status: BookingStatus;
  time_zone: string;
  /** Absent before the customers' migration; null until linked. */
  customer_id?: string | null;
  property_id?: string | null;
  technician_id: string | null;
  technician_name: string | null;
  visit_stage: VisitStage;
  visit_stage_at: Date | null;
  /** Absent before the dispatch board's migration. */
  duration_override_minutes?: number | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

interface DeletionRow {
  booking_id: string;
  deleted_at: Date;
}

export const toBooking = (r: BookingRow): Booking => ({
  _id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  contactNumber: r.contact_number,
  homeAddress: r.home_address,
  city: r.city,
  state: r.state,
  zip: r.zip,
  furnaceOrUnit: r.furnace_or_unit,
  serviceType: r.service_type,
  unitCount: r.unit_count,
  cleaningDate: r.cleaning_date,
  cleaningTime: r.cleaning_time,
  comment: r.comment,
  originalPrice: r.original_price,
  discountAmount: r.discount_amount,
  estimatedPrice: r.estimated_price,
  status: r.status,
  timeZone: r.time_zone,
  customerId: r.customer_id ?? null,
  propertyId: r.property_id ?? null,
  technicianId: r.technician_id,
  technicianName: r.technician_name,
  visitStage: r.visit_stage,
  visitStageAt: r.visit_stage_at?.toISOString() ?? null,
  // Only when the office set one: a booking that follows its service's duration reads as before.
  ...(r.duration_override_minutes != null ? { durationOverrideMinutes: r.duration_override_minutes } : {}),
  version: r.version,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

const toColumns = (v: BookingValues) => ({
  first_name: v.firstName,
  last_name: v.lastName,
  email: v.email,
  contact_number: v.contactNumber,
  home_address: v.homeAddress,
  city: v.city,
  state: v.state,
  zip: v.zip,
  furnace_or_unit: v.furnaceOrUnit,
  service_type: v.serviceType,
  unit_count: v.unitCount,
  cleaning_date: v.cleaningDate,
  cleaning_time: v.cleaningTime,
  comment: v.comment,
  original_price: v.originalPrice,
  discount_amount: v.discountAmount,
  estimated_price: v.estimatedPrice,
  status: v.status,
  time_zone: v.timeZone,
  ...(v.technicianId !== undefined ? { technician_id: v.technicianId } : {}),
  ...(v.customerNotPresent !== undefined ? { customer_not_present: v.customerNotPresent } : {}),
  ...(v.durationOverrideMinutes !== undefined ? { duration_override_minutes: v.durationOverrideMinutes } : {}),
});

/** The assigned technician's name beside a booking's own columns (a subquery, so `for update` still applies). */
const technicianName = (q: Sql | Tx) =>
  q`(select s.name from admin_users s where s.id = bookings.technician_id) as technician_name`;

/** The list's orders, each served by an index on (its key, id) (migration 022). */
const BOOKING_ORDERS: Record<BookingSort | "changed", ListOrder> = {
  date: { name: "date", key: "{t}cleaning_date", type: "date", descending: false },
  "-date": { name: "-date", key: "{t}cleaning_date", type: "date", descending: true },
  created: { name: "created", key: "{t}created_at", type: "timestamptz", descending: false },
  "-created": { name: "-created", key: "{t}created_at", type: "timestamptz", descending: true },
  amount: { name: "amount", key: "{t}estimated_price", type: "numeric", descending: false },
  "-amount": { name: "-amount", key: "{t}estimated_price", type: "numeric", descending: true },
  name: { name: "name", key: "lower({t}last_name || ' ' || {t}first_name)", type: "text", descending: false },
  // The live catch-up: oldest change first.
  changed: { name: "changed", key: "{t}updated_at", type: "timestamptz", descending: false },
};

/** The filters and search of the bookings' list, on the table aliased `b`. */
function bookingFilters(sql: Sql, query: BookingsListQuery) {
  const conditions = [];
  if (query.since) conditions.push(sql`b.updated_at > ${query.since}`);
  if (query.status) conditions.push(sql`b.status = ${query.status}`);
  if (query.from) conditions.push(sql`b.cleaning_date >= ${query.from}`);
  if (query.to) conditions.push(sql`b.cleaning_date <= ${query.to}`);
  if (query.technicianId === "unassigned") conditions.push(sql`b.technician_id is null`);
  else if (query.technicianId) conditions.push(sql`b.technician_id = ${query.technicianId}`);
  if (query.service) conditions.push(sql`b.service_type = ${query.service}`);
  if (query.customerId) conditions.push(sql`b.customer_id = ${query.customerId}`);
  if (query.propertyId) conditions.push(sql`b.property_id = ${query.propertyId}`);
  // An invoice is what is paid or open: a booking without one (or with a void one) is neither.
  if (query.paid) {
    const balance = query.paid === "paid" ? sql`i.paid_cents >= i.total_cents` : sql`i.paid_cents < i.total_cents`;
    conditions.push(sql`exists (
      select 1 from invoices i where i.booking_id = b.id and i.voided_at is null and ${balance})`);
  }
  const found = searchedIds(sql, "bookings", query.q);
  if (found) {
    // Each part through its own index, then the matches read by their ids. As an array (an init plan) rather than
    // `in (…)`: the planner cannot turn it into a hash join over the whole sort index, so the cost follows the
    // matches, not the table.
    conditions.push(sql`b.id = any(array(
      ${found}
      union select e.booking_id from estimates e where ${numberFound(sql, sql`lower(e.number)`, query.q)}
      union select i.booking_id from invoices i where ${numberFound(sql, sql`lower(i.number)`, query.q)}))`);
  }
  return allOf(sql, conditions);
}

/** The two statements of one page, the rows and their total (built apart so a test can read their plans). */
export function bookingPageQueries(sql: Sql, query: BookingsListQuery) {
  const order = BOOKING_ORDERS[query.since ? "changed" : query.sort];
  const { sortKey, after, orderBy } = keyset(sql, order, query.cursor, "b");
  const where = bookingFilters(sql, query);
  return {
    order,
    rows: sql`
      select b.*, ${sortKey}, (select s.name from admin_users s where s.id = b.technician_id) as technician_name
      from bookings b where ${where} and ${after}
      ${orderBy} limit ${query.limit + 1}`,
    total: countAtMost(sql, sql`select 1 from bookings b where ${where}`),
  };
}

export function createBookingsRepo(sql: Sql): BookingsRepo {
  return {
    async page(query) {
      const { order, rows, total } = bookingPageQueries(sql, query);
      const [found, [count]] = await Promise.all([
        sql<(BookingRow & PagedRow)[]>`${rows}`,
        sql<{ total: number }[]>`${total}`,
      ]);
      return pageOf(found, query.limit, order, count!.total, toBooking);
    },
    async listDay(date) {
      const rows = await sql<BookingRow[]>`
        select *, ${technicianName(sql)} from bookings
        where cleaning_date = ${date} and status <> 'cancelled'
        order by created_at, id`;
      return rows.map(toBooking);
    },
    async upcomingFor(technicianId, fromDate) {
      if (!isUuid(technicianId)) return [];
      const rows = await sql<BookingRow[]>`
        select *, ${technicianName(sql)} from bookings
        where technician_id = ${technicianId} and cleaning_date >= ${fromDate} and status in ('pending', 'confirmed')
        order by cleaning_date, created_at, id`;
      return rows.map(toBooking);
    },
    async activeTechnicians() {
      return await sql<{ _id: string; name: string; color: string }[]>`
        select id as "_id", name, color from admin_users
        where role = 'technician' and status = 'active' order by name, id`;
    },
    async lockAssignee(tx, staffId) {
      if (!isUuid(staffId)) return null;
      const [row] = await tx<Assignee[]>`
        select id as "_id", name, email, role, status from admin_users where id = ${staffId} for update`;
      return row ?? null;
    },
    async technicianBusy(tx, technicianId, date, time, excludeId) {
      const rows = await tx`
        select 1 from bookings
        where technician_id = ${technicianId} and cleaning_date = ${date} and cleaning_time = ${time}
          and status <> 'cancelled' and id <> ${excludeId}
        limit 1`;
      return rows.length > 0;
    },
    async listDeleted(since) {
      const rows = since
        ? await sql<DeletionRow[]>`
            select * from booking_deletions where deleted_at > ${since} order by deleted_at, booking_id`
        : await sql<DeletionRow[]>`select * from booking_deletions order by deleted_at, booking_id`;
      return rows.map((r) => ({ _id: r.booking_id, updatedAt: r.deleted_at.toISOString() }));
    },
    async get(id, tx) {
      if (!isBookingId(id)) return null;
      const q = tx ?? sql;
      const [row] = await q<BookingRow[]>`select *, ${technicianName(q)} from bookings where id = ${id}`;
      return row ? toBooking(row) : null;
    },
    async lock(tx, target) {
      const where =
        "id" in target
          ? isBookingId(target.id) &&
            (target.customer === undefined
              ? tx`id = ${target.id}`
              : tx`id = ${target.id} and ${bookingOfCustomer(tx, target.customer, "bookings")}`)
          : isManageToken(target.manageToken) && tx`manage_token = ${target.manageToken}`;
      // A malformed id or token cannot exist, and must not reach a uuid cast.
      if (!where) return null;
      const [row] = await tx<BookingRow[]>`select *, ${technicianName(tx)} from bookings where ${where} for update`;
      return row ? { booking: toBooking(row), manageToken: row.manage_token } : null;
    },
    async lockSlotAndCount(tx, date, time, excludeId) {
      // Sent together, in one round trip. Still safe: Postgres runs the count once the lock is held, and
      // under read committed the count takes its own snapshot then, so it sees every booking of the slot committed
      // by the lock's previous holder.
      const [, [counted]] = await Promise.all([
        tx`select pg_advisory_xact_lock(${SLOT_LOCK_NAMESPACE}, hashtext(${date + " " + time}))`,
        tx<{ count: number }[]>`
          select count(*)::int as count from bookings
          where cleaning_date = ${date} and cleaning_time = ${time} and status <> 'cancelled'
            and id is distinct from ${excludeId ?? null}::uuid`,
      ]);
      return counted!.count;
    },
    async serviceForBooking(tx, serviceId) {
      // Shared lock: the service cannot be deleted or repriced under a booking being priced from it.
      const [row] = await tx<{ price: number; title: string }[]>`
        select price, title from services where id = ${serviceId} for share`;
      return row ?? null;
    },
    async insertDraft(tx, { booking, manageToken, locale }) {
      const columns = { id: booking._id, manage_token: manageToken, ...toColumns(booking) };
      // Two helpers write the row: the column list, and one select list of its values. Each sits in a fragment of its
      // own, so postgres.js reads the keyword just before it (it picks a helper's form from the words before it).
      // One helper per list is a sixth of the client's work of a fragment per column.
      const names: string[] = [...Object.keys(columns), "customer_id", "property_id"];
      const columnList = tx`(${tx(names)})`;
      const valueList = tx`select ${tx(columns)}`;
      // The customer and property come from the e-mail and the address, never from the caller: found or made by
      // link_booking_customer in the insert's own statement (no extra round trip), which also keeps the language
      // they booked in on their record.
      const [row] = await tx<BookingRow[]>`
        with link as (
          select * from link_booking_customer(
            ${booking.email}, ${`${booking.firstName} ${booking.lastName}`}, ${toE164(booking.contactNumber)},
            ${booking.homeAddress}, ${booking.city}, ${booking.state}, ${booking.zip}, ${booking.furnaceOrUnit},
            ${booking.unitCount}::int, ${locale}))
        insert into bookings ${columnList} ${valueList}, customer_id, property_id from link
        returning *, ${technicianName(tx)}`;
      return toBooking(row!);
    },
    async update(tx, id, values) {
      // Every expression of a SET reads the row as it was: the stage's date moves only with a new stage.
      // A visit taken back to scheduled has no date: nothing has happened yet.
      const stage = values.visitStage
        ? tx`, visit_stage = ${values.visitStage}, visit_stage_at = case when visit_stage = ${values.visitStage}
               then visit_stage_at when ${values.visitStage} = 'scheduled' then null
               else coalesce(${values.visitStageAt ?? null}::timestamptz, date_trunc('milliseconds', now())) end`
        : tx``;
      // A new address moves the visit to the customer's property there (found or made); the customer stays: an
      // e-mail corrected on one booking does not hand the person's history to someone else.
      const property = tx`, property_id = case
          when customer_id is not null and address_key(home_address, zip) <> address_key(${values.homeAddress}, ${values.zip})
          then (select property_id from property_for(customer_id, ${values.homeAddress}, ${values.city}, ${values.state},
                ${values.zip}, ${values.furnaceOrUnit}, ${values.unitCount}::int))
          else property_id end`;
      const [row] = await tx<BookingRow[]>`
        update bookings
        set ${tx(toColumns(values))}, version = version + 1, updated_at = date_trunc('milliseconds', now()) ${stage}
          ${property}
        where id = ${id}
        returning *, ${technicianName(tx)}`;
      return toBooking(row!);
    },
    async remove(tx, id) {
      if (!isBookingId(id)) return null;
      // An invoice is never deleted, so neither is the booking it bills: voiding the invoice keeps both on record.
      const [{ invoiced }] = await tx<{ invoiced: boolean }[]>`
        select exists (select 1 from invoices where booking_id = ${id}) as invoiced`;
      if (invoiced) throw new Conflict("A booking with an invoice cannot be deleted: void the invoice instead");
      const [row] = await tx<BookingRow[]>`
        delete from bookings where id = ${id} returning *, ${technicianName(tx)}`;
      if (!row) return null;
      // The record's instant is the transaction's (the column default), as the bookingDeleted event's updatedAt.
      const [deletion] = await tx<DeletionRow[]>`insert into booking_deletions (booking_id) values (${id}) returning *`;
      // Deletes are rare: purging here, on an index, keeps the table to the retention window without a job.
      await tx`
        delete from booking_deletions
        where deleted_at < now() - make_interval(secs => ${DELETION_RETENTION_MS / 1000})`;
      return { ...toBooking(row), updatedAt: deletion!.deleted_at.toISOString() };
    },
    async getByManageToken(token) {
      if (!isManageToken(token)) return null;
      const [row] = await sql<BookingRow[]>`
        select *, ${technicianName(sql)} from bookings where manage_token = ${token}`;
      return row ? toBooking(row) : null;
    },
    transaction: (work) => transaction(sql, work),
  };
}
