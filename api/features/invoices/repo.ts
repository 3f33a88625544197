import type { Invoice, InvoiceLine, Payment, PaymentMethod } from "../../contracts/invoices/invoice.ts";
import { invoiceStatus, paidOf } from "../../contracts/invoices/invoice.ts";
import type { DocumentTotals } from "../../contracts/money/amounts.ts";
import { jsonb, type Sql, type Tx } from "../../db/client.ts";
import type { InvoiceSort, InvoicesQuery } from "../../contracts/invoices/schemas.ts";
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

/** What an invoice needs of its booking. */
export type InvoiceBooking = BookingParts;

export interface NewInvoice extends DocumentTotals {
  number: string;
  seq: number;
  bookingId: string;
  issuedAt: Date;
  dueAt: Date;
  lines: InvoiceLine[];
  taxRatePercent: number;
  taxLabel: string;
  createdBy: string;
}

export interface NewPayment {
  invoiceId: string;
  method: PaymentMethod;
  amountCents: number;
  reference: string;
  at: Date;
  byName: string;
  byId: string | null;
  checkoutSessionId?: string;
  /** The customer's tip: recorded with the payment, never added to the invoice's paid figure. */
  tipCents?: number;
}

export type InvoiceTarget = { id: string } | { token: string } | { bookingId: string };

export interface FoundInvoice {
  invoice: Invoice;
  booking: InvoiceBooking;
}

export interface InvoicesRepo {
  /** The booking, locked: two creations of its invoice queue, and the second finds the first. */
  lockBooking(tx: Tx, bookingId: string): Promise<InvoiceBooking | null>;
  insert(tx: Tx, invoice: NewInvoice): Promise<void>;
  /** The invoice (with its payments) locked for a change, and its booking. */
  lock(tx: Tx, target: InvoiceTarget): Promise<FoundInvoice | null>;
  find(target: InvoiceTarget, tx?: Tx): Promise<FoundInvoice | null>;
  update(
    tx: Tx,
    id: string,
    values: { lines?: InvoiceLine[]; adjustments?: InvoiceLine[]; totals?: DocumentTotals; dueAt?: Date },
  ): Promise<void>;
  voidInvoice(tx: Tx, id: string, reason: string, at: Date): Promise<void>;
  addPayment(tx: Tx, payment: NewPayment): Promise<string>;
  /** The deposits the booking's approvals took before it had an invoice: now the invoice's payments. */
  attachDeposits(tx: Tx, invoiceId: string, bookingId: string): Promise<void>;
  /** A payment locked with its invoice's id. */
  lockPayment(tx: Tx, paymentId: string): Promise<(Payment & { invoiceId: string | null }) | null>;
  addRefund(
    tx: Tx,
    paymentId: string,
    refund: { amountCents: number; reason: string; byName: string; providerRef: string; at: Date },
  ): Promise<void>;
  /** True when the payment of this Checkout Session was recorded already. */
  sessionRecorded(tx: Tx, sessionId: string): Promise<boolean>;
  /** Records a webhook event's id; false when it was handled before. */
  claimEvent(tx: Tx, eventId: string): Promise<boolean>;
  /** One page of invoices by the query; issue dates are the business's (`timeZone`). */
  page(query: InvoicesQuery, timeZone: string): Promise<Page<Invoice>>;
  /** Every invoice, void ones aside, of the bookings made under this e-mail address (case aside). */
  /** The invoices of a customer's bookings, void ones aside, newest first (the portal's). */
  listForCustomer(customer: CustomerKey): Promise<FoundInvoice[]>;
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

interface InvoiceRow {
  id: string;
  number: string;
  booking_id: string;
  issued_at: Date;
  due_at: Date;
  lines: InvoiceLine[];
  adjustments: InvoiceLine[];
  subtotal_cents: string;
  tax_cents: string;
  total_cents: string;
  tax_rate_percent: number;
  tax_label: string;
  token: string;
  voided_at: Date | null;
  void_reason: string | null;
  payments: PaymentRow[] | null;
}

interface PaymentRow {
  id: string;
  method: PaymentMethod;
  amount_cents: number;
  refunded_cents: number;
  reference: string;
  at: string;
  received_at: string;
  by_name: string;
  tip_cents: number;
  deposit: boolean;
}

const INVOICE_COLUMNS = `i.id, i.number, i.booking_id, i.issued_at, i.due_at, i.lines, i.adjustments,
  i.subtotal_cents::text, i.tax_cents::text, i.total_cents::text, i.tax_rate_percent, i.tax_label, i.token,
  i.voided_at, i.void_reason,
  (select json_agg(json_build_object('id', p.id, 'method', p.method, 'amount_cents', p.amount_cents,
     'refunded_cents', p.refunded_cents, 'reference', p.reference,
     'at', to_char(p.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
     'received_at', to_char(p.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
     'by_name', p.by_name, 'tip_cents', p.tip_cents, 'deposit', p.estimate_id is not null) order by p.at, p.id)
   from payments p where p.invoice_id = i.id) as payments`;

const toPayment = (p: PaymentRow): Payment => ({
  _id: p.id,
  method: p.method,
  amountCents: Number(p.amount_cents),
  reference: p.reference,
  at: p.at,
  receivedAt: p.received_at,
  by: p.by_name,
  refundedCents: Number(p.refunded_cents),
  tipCents: Number(p.tip_cents ?? 0),
  deposit: p.deposit === true,
});

export function toInvoice(r: InvoiceRow): Invoice {
  const payments = (r.payments ?? []).map(toPayment);
  const totalCents = Number(r.total_cents);
  const paidCents = paidOf(payments);
  const voided = r.voided_at !== null;
  return {
    _id: r.id,
    number: r.number,
    bookingId: r.booking_id,
    status: invoiceStatus(totalCents, paidCents, voided),
    issuedAt: r.issued_at.toISOString(),
    dueAt: r.due_at.toISOString(),
    lines: [...r.lines, ...r.adjustments],
    adjustments: r.adjustments,
    subtotalCents: Number(r.subtotal_cents),
    taxCents: Number(r.tax_cents),
    totalCents,
    taxRatePercent: Number(r.tax_rate_percent),
    taxLabel: r.tax_label,
    paidCents,
    balanceCents: voided ? 0 : totalCents - paidCents,
    payments,
    token: r.token,
    voidReason: r.void_reason,
  };
}

const isToken = (token: string) => /^[0-9a-f]{64}$/.test(token);

/** The list's orders, each served by an index on (its key, id) (migration 022). */
const INVOICE_ORDERS: Record<InvoiceSort, ListOrder> = {
  "-number": { name: "-number", key: "{t}seq", type: "bigint", descending: true },
  number: { name: "number", key: "{t}seq", type: "bigint", descending: false },
  "-total": { name: "-total", key: "{t}total_cents", type: "bigint", descending: true },
  total: { name: "total", key: "{t}total_cents", type: "bigint", descending: false },
  due: { name: "due", key: "{t}due_at", type: "timestamptz", descending: false },
  "-due": { name: "-due", key: "{t}due_at", type: "timestamptz", descending: true },
};

export function createInvoicesRepo(sql: Sql): InvoicesRepo {
  const columns = sql.unsafe(INVOICE_COLUMNS);
  const bookingColumns = bookingPartsColumns(sql);
  const where = (db: Sql | Tx, t: InvoiceTarget) =>
    "id" in t
      ? isUuid(t.id) && db`i.id = ${t.id}`
      : "token" in t
        ? isToken(t.token) && db`i.token = ${t.token}`
        : isUuid(t.bookingId) && db`i.booking_id = ${t.bookingId}`;
  const found = (row: (InvoiceRow & BookingPartsRow) | undefined) =>
    row ? { invoice: toInvoice(row), booking: toBookingParts(row) } : null;

  return {
    async lockBooking(tx, bookingId) {
      if (!isUuid(bookingId)) return null;
      const [row] = await tx<BookingPartsRow[]>`
        select ${bookingColumns} from bookings b where b.id = ${bookingId} for update`;
      return row ? toBookingParts(row) : null;
    },
    async insert(tx, i) {
      await tx`
        insert into invoices ${tx({
          number: i.number,
          seq: i.seq,
          booking_id: i.bookingId,
          issued_at: i.issuedAt,
          due_at: i.dueAt,
          lines: jsonb(tx, i.lines),
          subtotal_cents: i.subtotalCents,
          tax_cents: i.taxCents,
          total_cents: i.totalCents,
          tax_rate_percent: i.taxRatePercent,
          tax_label: i.taxLabel,
          created_by: i.createdBy,
        })}`;
    },
    async lock(tx, target) {
      const match = where(tx, target);
      if (!match) return null;
      const [row] = await tx<(InvoiceRow & BookingPartsRow)[]>`
        select ${columns}, ${bookingColumns} from invoices i join bookings b on b.id = i.booking_id
        where ${match} for update of i`;
      return found(row);
    },
    async find(target, tx) {
      const db = tx ?? sql;
      const match = where(db, target);
      if (!match) return null;
      const [row] = await db<(InvoiceRow & BookingPartsRow)[]>`
        select ${columns}, ${bookingColumns} from invoices i join bookings b on b.id = i.booking_id where ${match}`;
      return found(row);
    },
    async update(tx, id, values) {
      const set: Record<string, unknown> = {};
      if (values.lines) set.lines = jsonb(tx, values.lines);
      if (values.adjustments) set.adjustments = jsonb(tx, values.adjustments);
      if (values.totals) {
        set.subtotal_cents = values.totals.subtotalCents;
        set.tax_cents = values.totals.taxCents;
        set.total_cents = values.totals.totalCents;
      }
      if (values.dueAt) set.due_at = values.dueAt;
      if (Object.keys(set).length === 0) return;
      await tx`update invoices set ${tx(set)}, updated_at = date_trunc('milliseconds', now()) where id = ${id}`;
    },
    async voidInvoice(tx, id, reason, at) {
      await tx`
        update invoices set voided_at = ${at}, void_reason = ${reason}, updated_at = date_trunc('milliseconds', now())
        where id = ${id}`;
    },
    async addPayment(tx, p) {
      await tx`update invoices set paid_cents = paid_cents + ${p.amountCents} where id = ${p.invoiceId}`;
      const [row] = await tx<{ id: string }[]>`
        insert into payments ${tx({
          invoice_id: p.invoiceId,
          method: p.method,
          amount_cents: p.amountCents,
          reference: p.reference,
          at: p.at,
          by_name: p.byName,
          by_id: p.byId,
          checkout_session_id: p.checkoutSessionId ?? null,
          tip_cents: p.tipCents ?? 0,
        })} returning id`;
      return row!.id;
    },
    async lockPayment(tx, paymentId) {
      if (!isUuid(paymentId)) return null;
      const [row] = await tx<(PaymentRow & { invoice_id: string | null })[]>`
        select id, invoice_id, method, amount_cents::int, refunded_cents::int, reference, by_name, tip_cents::int,
               estimate_id is not null as deposit,
               to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
               to_char(received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as received_at
        from payments where id = ${paymentId} for update`;
      return row ? { ...toPayment(row), invoiceId: row.invoice_id } : null;
    },
    async attachDeposits(tx, invoiceId, bookingId) {
      await tx`
        with moved as (
          update payments set invoice_id = ${invoiceId}
          where booking_id = ${bookingId} and invoice_id is null
          returning amount_cents - refunded_cents as net
        )
        update invoices set paid_cents = paid_cents + (select coalesce(sum(net), 0) from moved)
        where id = ${invoiceId}`;
    },
    async addRefund(tx, paymentId, { amountCents, reason, byName, providerRef, at }) {
      await Promise.all([
        tx`insert into refunds (payment_id, amount_cents, reason, by_name, provider_reference, at)
           values (${paymentId}, ${amountCents}, ${reason}, ${byName}, ${providerRef}, ${at})`,
        tx`update payments set refunded_cents = refunded_cents + ${amountCents} where id = ${paymentId}`,
        tx`update invoices set paid_cents = paid_cents - ${amountCents}
           where id = (select invoice_id from payments where id = ${paymentId})`,
      ]);
    },
    async sessionRecorded(tx, sessionId) {
      const rows = await tx`select 1 from payments where checkout_session_id = ${sessionId}`;
      return rows.length > 0;
    },
    async claimEvent(tx, eventId) {
      const rows = await tx`insert into webhook_events (id) values (${eventId}) on conflict do nothing returning id`;
      return rows.length > 0;
    },
    async page(query, timeZone) {
      const order = INVOICE_ORDERS[query.sort];
      const { sortKey, after, orderBy } = keyset(sql, order, query.cursor, "i");
      const conditions = [];
      if (query.from) conditions.push(sql`(i.issued_at at time zone ${timeZone})::date >= ${query.from}::date`);
      if (query.to) conditions.push(sql`(i.issued_at at time zone ${timeZone})::date <= ${query.to}::date`);
      // The same reading of the figures as invoiceStatus (contracts/invoices/invoice.ts), in SQL.
      const live = sql`i.voided_at is null`;
      if (query.status === "void") conditions.push(sql`i.voided_at is not null`);
      if (query.status === "open") conditions.push(sql`${live} and i.paid_cents <= 0 and i.total_cents > 0`);
      if (query.status === "paid") conditions.push(sql`${live} and i.paid_cents >= i.total_cents`);
      if (query.status === "partially_paid") {
        conditions.push(sql`${live} and i.paid_cents > 0 and i.paid_cents < i.total_cents`);
      }
      const found = documentSearch(sql, "invoices", "i", query.q);
      if (found) conditions.push(found);
      const where = allOf(sql, conditions);
      const [rows, [count]] = await Promise.all([
        sql<(InvoiceRow & PagedRow)[]>`
          select ${columns}, ${sortKey} from invoices i where ${where} and ${after}
          ${orderBy} limit ${query.limit + 1}`,
        sql<{ total: number }[]>`${countAtMost(sql, sql`select 1 from invoices i where ${where}`)}`,
      ]);
      return pageOf(rows, query.limit, order, count!.total, toInvoice);
    },
    async listForCustomer(customer) {
      const rows = await sql<(InvoiceRow & BookingPartsRow)[]>`
        select ${columns}, ${bookingColumns} from invoices i join bookings b on b.id = i.booking_id
        where ${bookingOfCustomer(sql, customer, "b")} and i.voided_at is null
        order by i.seq desc`;
      return rows.map((row) => found(row)!);
    },
    transaction: (work) => transaction(sql, work),
  };
}
