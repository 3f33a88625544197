import {
  agingBucket,
  PAYMENT_METHODS,
  type PaymentMethod,
  type Receivables,
} from "../../contracts/invoices/invoice.ts";
import type { OpenInvoice, ReportMoney, ReportPeriod } from "../../contracts/reports/reports.ts";
import type { Sql } from "../../db/client.ts";

export interface InvoiceCsvRow {
  number: string;
  issued: string;
  due: string;
  status: string;
  customer: string;
  email: string;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  paid_cents: number;
  booking_id: string;
}

export interface PaymentCsvRow {
  id: string;
  day: string;
  at: Date;
  number: string;
  customer: string;
  method: string;
  reference: string;
  amount_cents: number;
  refunded_cents: number;
  tip_cents: number;
  by_name: string;
}

/** The money of the reports: payments and refunds of a period, what is owed today, and the accountant's CSVs. */
export interface MoneyReports {
  money(period: ReportPeriod, today: string): Promise<ReportMoney>;
  invoiceRows(period: ReportPeriod, batch: number): AsyncIterable<InvoiceCsvRow[]>;
  paymentRows(period: ReportPeriod, batch: number): AsyncIterable<PaymentCsvRow[]>;
}

/** How many open invoices the receivables table lists (the latest due first); the totals count them all. */
export const OPEN_INVOICES_LISTED = 200;

/** Reads by the business's dates: a payment at 11 PM in Charlotte counts on that day, not the next UTC one. */
export function createMoneyReports(sql: Sql, timeZone: string): MoneyReports {
  const zone = timeZone.replace(/'/g, "");
  const localDay = (column: string) => sql.unsafe(`(${column} at time zone '${zone}')::date`);
  /** An instant within the period's business days, written so that an index on the column serves it. */
  const inPeriod = (column: string, from: string, to: string) =>
    sql`${sql.unsafe(column)} >= (${from}::date::timestamp at time zone ${zone})
        and ${sql.unsafe(column)} < ((${to}::date + 1)::timestamp at time zone ${zone})`;
  /** Days past an invoice's due date, in business days, as of `today`. */
  const daysLate = (today: string) => sql`(${today}::date - ${localDay("i.due_at")})::int`;
  return {
    async money({ from, to }, today) {
      const [byMethod, [refunded], aging, open, tips, [held]] = await Promise.all([
        sql<{ method: PaymentMethod; cents: string }[]>`
          select method, sum(amount_cents)::text as cents from payments
          where ${inPeriod("at", from, to)}
          group by method`,
        sql<{ cents: string }[]>`
          select coalesce(sum(amount_cents), 0)::text as cents from refunds where ${inPeriod("at", from, to)}`,
        sql<{ days_late: number; cents: string }[]>`
          select ${daysLate(today)} as days_late, sum(total_cents - paid_cents)::text as cents
          from invoices i where voided_at is null and paid_cents < total_cents
          group by 1`,
        sql<(Omit<OpenInvoice, "balanceCents"> & { balance: string })[]>`
          select i.id as "_id", i.number, i.booking_id as "bookingId",
                 b.first_name || ' ' || b.last_name as customer,
                 to_char(i.due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "dueAt",
                 (i.total_cents - i.paid_cents)::text as balance, ${daysLate(today)} as "daysLate"
          from invoices i join bookings b on b.id = i.booking_id
          where i.voided_at is null and i.paid_cents < i.total_cents
          order by i.due_at, i.seq
          limit ${OPEN_INVOICES_LISTED}`,
        // A tip goes to the job's technician, whoever recorded the payment (online ones are nobody's).
        sql<{ technician_id: string | null; name: string | null; cents: string; payments: number }[]>`
          select b.technician_id, a.name, sum(p.tip_cents)::text as cents, count(*)::int as payments
          from payments p
          join invoices i on i.id = p.invoice_id
          join bookings b on b.id = i.booking_id
          left join admin_users a on a.id = b.technician_id
          where p.tip_cents > 0 and ${inPeriod("p.at", from, to)}
          group by b.technician_id, a.name
          order by sum(p.tip_cents) desc, a.name`,
        // Deposits taken on approval whose job has no invoice yet: the business holds them (as of today), unless the
        // office kept a cancelled job's (the business has it).
        sql<{ cents: string }[]>`
          select coalesce(sum(amount_cents - refunded_cents), 0)::text as cents from payments
          where invoice_id is null and kept_at is null`,
      ]);
      const tipsByTechnician = tips.map((t) => ({
        technicianId: t.technician_id,
        name: t.name ?? "No technician",
        tipsCents: Number(t.cents),
        payments: t.payments,
      }));
      const paymentsByMethod = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, 0])) as Record<PaymentMethod, number>;
      for (const row of byMethod) paymentsByMethod[row.method] = Number(row.cents);
      const receivables: Receivables = { current: 0, days31to60: 0, days61to90: 0, over90: 0 };
      for (const row of aging) receivables[agingBucket(row.days_late)] += Number(row.cents);
      return {
        collectedCents: Object.values(paymentsByMethod).reduce((a, b) => a + b, 0),
        refundedCents: Number(refunded!.cents),
        outstandingCents: Object.values(receivables).reduce((a, b) => a + b, 0),
        paymentsByMethod,
        receivables,
        openInvoices: open.map(({ balance, ...rest }) => ({ ...rest, balanceCents: Number(balance) })),
        tipsCents: tipsByTechnician.reduce((sum, t) => sum + t.tipsCents, 0),
        depositsHeldCents: Number(held!.cents),
        tipsByTechnician,
      };
    },

    invoiceRows({ from, to }, batch) {
      return sql<InvoiceCsvRow[]>`
        select i.number, ${localDay("i.issued_at")}::text as issued, ${localDay("i.due_at")}::text as due,
               case when i.voided_at is not null then 'void'
                    when i.paid_cents <= 0 then 'open'
                    when i.paid_cents >= i.total_cents then 'paid'
                    else 'partially_paid' end as status,
               b.first_name || ' ' || b.last_name as customer, b.email,
               i.subtotal_cents::int, i.tax_cents::int, i.total_cents::int, i.paid_cents::int, i.booking_id
        from invoices i
        join bookings b on b.id = i.booking_id
        where ${inPeriod("i.issued_at", from, to)}
        order by i.seq`.cursor(batch);
    },

    paymentRows({ from, to }, batch) {
      return sql<PaymentCsvRow[]>`
        select p.id, ${localDay("p.at")}::text as day, p.at, coalesce(i.number, 'Deposit held') as number, b.first_name || ' ' || b.last_name as customer,
               p.method, p.reference, p.amount_cents::int, p.refunded_cents::int, p.tip_cents::int, p.by_name
        from payments p
        left join invoices i on i.id = p.invoice_id
        join bookings b on b.id = coalesce(i.booking_id, p.booking_id)
        where ${inPeriod("p.at", from, to)}
        order by p.at, p.id`.cursor(batch);
    },
  };
}
