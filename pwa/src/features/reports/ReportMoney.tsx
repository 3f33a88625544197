import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type Receivables } from "@contracts/invoices/invoice.ts";
import type { OpenInvoice, ReportMoney as Money } from "@contracts/reports/reports.ts";
import { cents } from "../../components/estimates/money.ts";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { Link } from "../../components/Link.tsx";
import { formatDate } from "../../lib/format.ts";

const AGES: { key: keyof Receivables; label: string }[] = [
  { key: "current", label: "Current to 30 days" },
  { key: "days31to60", label: "31–60 days late" },
  { key: "days61to90", label: "61–90 days late" },
  { key: "over90", label: "Over 90 days late" },
];

const lateness = (days: number) => (days <= 0 ? "Not yet due" : days === 1 ? "1 day" : `${days} days`);

const COLUMNS: Column<OpenInvoice>[] = [
  {
    key: "number",
    header: "Invoice",
    // The booking's details, where the office e-mails the invoice again or records what the customer paid.
    cell: (i) => <Link to={`/dashboard?booking=${encodeURIComponent(i.bookingId)}`}>{i.number}</Link>,
    compare: (a, b) => a.number.localeCompare(b.number),
  },
  {
    key: "customer",
    header: "Customer",
    cell: (i) => i.customer,
    compare: (a, b) => a.customer.localeCompare(b.customer),
  },
  {
    key: "due",
    header: "Due",
    cell: (i) => formatDate(i.dueAt.slice(0, 10)),
    compare: (a, b) => a.dueAt.localeCompare(b.dueAt),
  },
  {
    key: "balance",
    header: "Balance",
    cell: (i) => cents(i.balanceCents),
    compare: (a, b) => a.balanceCents - b.balanceCents,
    className: "reports__num",
  },
  {
    key: "late",
    header: "Days late",
    cell: (i) => <span className={i.daysLate > 30 ? "reports__late" : undefined}>{lateness(i.daysLate)}</span>,
    compare: (a, b) => a.daysLate - b.daysLate,
    className: "reports__num",
  },
];

/** The open invoices, oldest debt easy to find: number, customer, due date, balance and how late. */
export function ReceivablesTable({ invoices }: { invoices: readonly OpenInvoice[] }) {
  return (
    <DataTable
      caption="Open invoices"
      columns={COLUMNS}
      rows={invoices}
      rowKey={(i) => i._id}
      empty="Nothing is owed: every invoice is paid."
      className="reports__receivables"
    />
  );
}

/** The period's tips, apart from what invoices collected, by the technician of each job. */
function TipsByTechnician({ money }: { money: Money }) {
  return (
    <section className="adm-panel" aria-labelledby="reports-tips">
      <h3 id="reports-tips" className="adm-panel__title">
        Tips by technician
      </h3>
      {money.tipsByTechnician.length === 0 ? (
        <p className="reports__empty">No tips in this period.</p>
      ) : (
        <dl className="reports__amounts">
          {money.tipsByTechnician.map((t) => (
            <div key={t.technicianId ?? "none"}>
              <dt>
                {t.name} ({t.payments === 1 ? "1 payment" : `${t.payments} payments`})
              </dt>
              <dd>{cents(t.tipsCents)}</dd>
            </div>
          ))}
          <div>
            <dt>All tips</dt>
            <dd>{cents(money.tipsCents)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

/**
 * The period's money (collected, refunded, by method) and what is owed today (outstanding, by age, invoice by
 * invoice), each in the one money format.
 */
export function ReportMoney({ money }: { money: Money }) {
  const figures = [
    { label: "Collected", value: money.collectedCents },
    { label: "Refunded", value: money.refundedCents },
    { label: "Net collected", value: money.collectedCents - money.refundedCents },
    { label: "Outstanding today", value: money.outstandingCents },
    { label: "Deposits held", value: money.depositsHeldCents },
  ];
  return (
    <section className="reports__money" aria-labelledby="reports-money">
      <h2 id="reports-money" className="reports__section-title">
        Money
      </h2>
      <ul className="reports__figures" aria-label="Money figures">
        {figures.map((f) => (
          <li key={f.label} className="adm-panel reports__figure">
            <p className="reports__figure-label">{f.label}</p>
            <p className="reports__figure-value">{cents(f.value)}</p>
          </li>
        ))}
      </ul>
      <div className="reports__money-split">
        <section className="adm-panel" aria-labelledby="reports-by-method">
          <h3 id="reports-by-method" className="adm-panel__title">
            Payments by method
          </h3>
          <dl className="reports__amounts">
            {PAYMENT_METHODS.map((m) => (
              <div key={m}>
                <dt>{PAYMENT_METHOD_LABELS[m]}</dt>
                <dd>{cents(money.paymentsByMethod[m] ?? 0)}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="adm-panel" aria-labelledby="reports-by-age">
          <h3 id="reports-by-age" className="adm-panel__title">
            Receivables by age
          </h3>
          <dl className="reports__amounts">
            {AGES.map((a) => (
              <div key={a.key}>
                <dt>{a.label}</dt>
                <dd>{cents(money.receivables[a.key])}</dd>
              </div>
            ))}
          </dl>
        </section>
        <TipsByTechnician money={money} />
      </div>
      <section className="adm-panel reports__open" aria-labelledby="reports-open">
        <h3 id="reports-open" className="adm-panel__title">
          Open invoices ({money.openInvoices.length})
        </h3>
        <ReceivablesTable invoices={money.openInvoices} />
      </section>
    </section>
  );
}
