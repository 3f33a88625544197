import type {
  Estimate,
  EstimateApproval,
  EstimateDecline,
  EstimateLine,
  EstimateOption,
  EstimateStatus,
} from "../../contracts/estimates/estimate.ts";
import { depositOf } from "../../contracts/estimates/rules.ts";
import { jsonb, type Sql, type Tx } from "../../db/client.ts";
import type { EstimateSort, EstimatesQuery } from "../../contracts/estimates/schemas.ts";
import type { Page } from "../../contracts/common/paging.ts";
import { allOf, countAtMost, keyset, type ListOrder, pageOf, type PagedRow } from "../../db/paging.ts";
import { documentSearch } from "../../db/search.ts";
import { isUuid } from "../../db/ids.ts";
import { bookingOfCustomer, type CustomerKey } from "../../db/customer-key.ts";
import { transaction } from "../../db/transaction.ts";
import {
  type BookingParts,
  bookingPartsColumns,
  type BookingPartsRow,
  toBookingParts,
} from "../../db/booking-parts.ts";

/** A line as stored: what the customer reads, and where its price came from (so a used price-book item is kept). */
export interface StoredLine extends EstimateLine {
  priceBookItemId?: string;
  serviceId?: string;
}

export interface StoredOption extends Omit<EstimateOption, "lines"> {
  lines: StoredLine[];
}

/** What an estimate needs of its booking. */
export type EstimateBooking = BookingParts;

export interface NewEstimate {
  id: string;
  number: string;
  seq: number;
  bookingId: string;
  options: StoredOption[];
  depositPercent: number;
  message: string;
  taxRatePercent: number;
  taxLabel: string;
  createdAt: Date;
  expiresAt: Date;
  createdById: string | null;
  createdBy: string;
}

/** What a decision changes of an estimate. */
export interface EstimateChange {
  status: EstimateStatus;
  approvedOptionId?: string | null;
  approval?: Omit<EstimateApproval, "signatureUrl"> | null;
  signaturePng?: Uint8Array | null;
  decline?: EstimateDecline | null;
  sentAt?: Date;
}

export type EstimateTarget = { id: string } | { token: string };

export interface Found {
  estimate: Estimate;
  booking: EstimateBooking;
}

export interface EstimatesRepo {
  /** The booking's parts an estimate reads (a plain read), or null. */
  booking(bookingId: string): Promise<EstimateBooking | null>;
  /** The booking an estimate is made for, share-locked (it is not deleted or reassigned under the creation). */
  bookingForShare(tx: Tx, bookingId: string): Promise<EstimateBooking | null>;
  /**
   * An estimate by a device-chosen id, whatever its booking, under a lock of that id: two arrivals of the same new
   * estimate queue, and the second finds the first.
   */
  lockId(tx: Tx, id: string): Promise<Estimate | null>;
  insert(tx: Tx, e: NewEstimate): Promise<Estimate>;
  /** The estimate locked for a change, with its booking. */
  lock(tx: Tx, target: EstimateTarget): Promise<Found | null>;
  update(tx: Tx, id: string, change: EstimateChange): Promise<Estimate>;
  find(target: EstimateTarget): Promise<Found | null>;
  /** A booking's estimates, oldest first. */
  listForBooking(bookingId: string): Promise<Estimate[]>;
  /**
   * One page of estimates by the query (a booking's with `bookingId`, a technician's own jobs' with `technicianId`);
   * `status` is read as of `now`, as the customer sees it.
   */
  page(query: EstimatesQuery & { technicianId?: string }, now: Date): Promise<Page<Estimate>>;
  signature(id: string): Promise<Uint8Array | null>;
  /**
   * The estimates a customer may act on or has approved (sent or approved; expiry is the caller's to read) of the
   * bookings made under this e-mail address (case aside).
   */
  /** The sent and approved estimates of a customer's bookings, newest first (the portal's). */
  listForCustomer(customer: CustomerKey): Promise<Found[]>;
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

interface EstimateRow {
  id: string;
  number: string;
  booking_id: string;
  status: EstimateStatus;
  options: StoredOption[];
  approved_option_id: string | null;
  deposit_percent: number;
  message: string;
  tax_rate_percent: number;
  tax_label: string;
  token: string;
  created_at: Date;
  expires_at: Date;
  sent_at: Date | null;
  created_by: string;
  approval: Omit<EstimateApproval, "signatureUrl"> | null;
  has_signature: boolean;
  decline: EstimateDecline | null;
  updated_at: Date;
  deposit_paid: number;
}

const OWN_COLUMNS = `e.id, e.number, e.booking_id, e.status, e.options, e.approved_option_id, e.deposit_percent,
  e.message, e.tax_rate_percent, e.tax_label, e.token, e.created_at, e.expires_at, e.sent_at, e.created_by,
  e.approval, e.signature_png is not null as has_signature, e.decline, e.updated_at`;
const ESTIMATE_COLUMNS = `${OWN_COLUMNS},
  (select coalesce(sum(p.amount_cents - p.refunded_cents), 0) from payments p where p.estimate_id = e.id)::int
    as deposit_paid`;
// postgres.js reads `insert into t as e ${values}` as a select list: the insert names its columns unqualified. A new
// estimate has no deposit paid.
const INSERTED_COLUMNS = `${OWN_COLUMNS.replace(/\be\./g, "")}, 0 as deposit_paid`;

/** Stripped of where its prices came from: the customer and the staff read the lines alone. */
const toOption = ({ lines, ...option }: StoredOption): EstimateOption => ({
  ...option,
  lines: lines.map(({ description, quantity, unitPriceCents, amountCents, taxable, memberDiscount }) => ({
    description,
    quantity,
    unitPriceCents,
    amountCents,
    taxable,
    // Said only on the member line: the invoice leaves it out and counts the member discount itself.
    ...(memberDiscount ? { memberDiscount } : {}),
  })),
});

/** The signature's address for staff (fetched with their token). */
export const signatureUrl = (id: string) => `/api/estimates/${id}/signature`;

export function toEstimate(r: EstimateRow): Estimate {
  const options = r.options.map(toOption);
  const depositPercent = Number(r.deposit_percent);
  return {
    _id: r.id,
    number: r.number,
    bookingId: r.booking_id,
    status: r.status,
    options,
    approvedOptionId: r.approved_option_id,
    depositPercent,
    depositCents: depositOf({ options, approvedOptionId: r.approved_option_id, depositPercent }),
    depositPaidCents: Number(r.deposit_paid ?? 0),
    message: r.message,
    taxRatePercent: Number(r.tax_rate_percent),
    taxLabel: r.tax_label,
    expiresAt: r.expires_at.toISOString(),
    approval: r.approval ? { ...r.approval, signatureUrl: r.has_signature ? signatureUrl(r.id) : null } : null,
    decline: r.decline,
    token: r.token,
    createdAt: r.created_at.toISOString(),
    sentAt: r.sent_at?.toISOString() ?? null,
    updatedAt: r.updated_at.toISOString(),
    createdBy: r.created_by,
  };
}

const ID_LOCK_NAMESPACE = 3;

/** The secret of a customer's link: two UUIDs' hex, 64 characters. */
const isToken = (token: string) => /^[0-9a-f]{64}$/.test(token);

/** The list's orders: the number's seq follows the estimates' arrival (migration 022 indexes (seq, id)). */
const ESTIMATE_ORDERS: Record<EstimateSort, ListOrder> = {
  "-number": { name: "-number", key: "{t}seq", type: "bigint", descending: true },
  number: { name: "number", key: "{t}seq", type: "bigint", descending: false },
};

export function createEstimatesRepo(sql: Sql): EstimatesRepo {
  const columns = sql.unsafe(ESTIMATE_COLUMNS);
  const bookingColumns = bookingPartsColumns(sql);
  const where = (db: Sql | Tx, target: EstimateTarget) =>
    "id" in target
      ? isUuid(target.id) && db`e.id = ${target.id}`
      : isToken(target.token) && db`e.token = ${target.token}`;

  return {
    async booking(bookingId) {
      if (!isUuid(bookingId)) return null;
      const [row] = await sql<BookingPartsRow[]>`select ${bookingColumns} from bookings b where b.id = ${bookingId}`;
      return row ? toBookingParts(row) : null;
    },
    async bookingForShare(tx, bookingId) {
      if (!isUuid(bookingId)) return null;
      const [row] = await tx<
        BookingPartsRow[]
      >`select ${bookingColumns} from bookings b where b.id = ${bookingId} for share`;
      return row ? toBookingParts(row) : null;
    },
    async lockId(tx, id) {
      const [, [row]] = await Promise.all([
        tx`select pg_advisory_xact_lock(${ID_LOCK_NAMESPACE}, hashtext(${id}))`,
        tx<EstimateRow[]>`select ${columns} from estimates e where e.id = ${id}`,
      ]);
      return row ? toEstimate(row) : null;
    },
    async insert(tx, e) {
      const [row] = await tx<EstimateRow[]>`
        insert into estimates ${tx({
          id: e.id,
          number: e.number,
          seq: e.seq,
          booking_id: e.bookingId,
          status: "draft",
          options: jsonb(tx, e.options),
          deposit_percent: e.depositPercent,
          message: e.message,
          tax_rate_percent: e.taxRatePercent,
          tax_label: e.taxLabel,
          created_at: e.createdAt,
          expires_at: e.expiresAt,
          created_by_id: e.createdById,
          created_by: e.createdBy,
        })}
        returning ${tx.unsafe(INSERTED_COLUMNS)}`;
      return toEstimate(row!);
    },
    async lock(tx, target) {
      const match = where(tx, target);
      if (!match) return null;
      // The estimate first, then its booking: every estimate change takes them in this order.
      const [row] = await tx<(EstimateRow & BookingPartsRow)[]>`
        select ${columns}, ${bookingColumns} from estimates e join bookings b on b.id = e.booking_id
        where ${match} for update of e for share of b`;
      return row ? { estimate: toEstimate(row), booking: toBookingParts(row) } : null;
    },
    async update(tx, id, change) {
      const values: Record<string, unknown> = { status: change.status };
      if (change.approvedOptionId !== undefined) values.approved_option_id = change.approvedOptionId;
      if (change.approval !== undefined) values.approval = change.approval && jsonb(tx, change.approval);
      if (change.signaturePng !== undefined) values.signature_png = change.signaturePng;
      if (change.decline !== undefined) values.decline = change.decline && jsonb(tx, change.decline);
      if (change.sentAt !== undefined) values.sent_at = change.sentAt;
      const [row] = await tx<EstimateRow[]>`
        update estimates e set ${tx(values)}, updated_at = date_trunc('milliseconds', now())
        where e.id = ${id} returning ${columns}`;
      return toEstimate(row!);
    },
    async find(target) {
      const match = where(sql, target);
      if (!match) return null;
      const [row] = await sql<(EstimateRow & BookingPartsRow)[]>`
        select ${columns}, ${bookingColumns} from estimates e join bookings b on b.id = e.booking_id where ${match}`;
      return row ? { estimate: toEstimate(row), booking: toBookingParts(row) } : null;
    },
    async listForBooking(bookingId) {
      if (!isUuid(bookingId)) return [];
      const rows = await sql<EstimateRow[]>`
        select ${columns} from estimates e where e.booking_id = ${bookingId} order by e.seq`;
      return rows.map(toEstimate);
    },
    async page(query, now) {
      const order = ESTIMATE_ORDERS[query.sort];
      const { sortKey, after, orderBy } = keyset(sql, order, query.cursor, "e");
      const conditions = [];
      if (query.bookingId)
        conditions.push(isUuid(query.bookingId) ? sql`e.booking_id = ${query.bookingId}` : sql`false`);
      if (query.technicianId) {
        conditions.push(sql`e.booking_id in (select id from bookings where technician_id = ${query.technicianId})`);
      }
      // Expiry is read, not stored: an open estimate past its date is expired, as the customer sees it.
      const open = sql`e.status in ('draft', 'sent')`;
      if (query.status === "expired") conditions.push(sql`${open} and e.expires_at <= ${now}`);
      else if (query.status === "draft" || query.status === "sent") {
        conditions.push(sql`e.status = ${query.status} and e.expires_at > ${now}`);
      } else if (query.status) conditions.push(sql`e.status = ${query.status}`);
      const found = documentSearch(sql, "estimates", "e", query.q);
      if (found) conditions.push(found);
      const where = allOf(sql, conditions);
      const [rows, [count]] = await Promise.all([
        sql<(EstimateRow & PagedRow)[]>`
          select ${columns}, ${sortKey} from estimates e where ${where} and ${after}
          ${orderBy} limit ${query.limit + 1}`,
        sql<{ total: number }[]>`${countAtMost(sql, sql`select 1 from estimates e where ${where}`)}`,
      ]);
      return pageOf(rows, query.limit, order, count!.total, toEstimate);
    },
    async signature(id) {
      if (!isUuid(id)) return null;
      const [row] = await sql<
        { png: Uint8Array | null }[]
      >`select signature_png as png from estimates where id = ${id}`;
      return row?.png ?? null;
    },
    async listForCustomer(customer) {
      const rows = await sql<(EstimateRow & BookingPartsRow)[]>`
        select ${columns}, ${bookingColumns} from estimates e join bookings b on b.id = e.booking_id
        where ${bookingOfCustomer(sql, customer, "b")} and e.status in ('sent', 'approved')
        order by e.seq desc`;
      return rows.map((row) => ({ estimate: toEstimate(row), booking: toBookingParts(row) }));
    },
    transaction: (work) => transaction(sql, work),
  };
}
