import { paymentLabel } from "@contracts/invoices/invoice.ts";
import type { PortalInvoice, PortalInvoices } from "@contracts/portal/money.ts";
import { cents } from "../../components/estimates/money.ts";
import { DocCard, DocSection } from "./Documents.tsx";
import { dateText } from "./format.ts";

/** The invoice's payments: the receipts the customer was e-mailed, one a line. */
function Payments({ invoice, timeZone }: { invoice: PortalInvoice; timeZone: string }) {
  if (invoice.payments.length === 0) return null;
  return (
    <ul className="portal-payments" aria-label={`Payments of invoice ${invoice.number}`}>
      {invoice.payments.map((p, i) => (
        <li key={i}>
          {paymentLabel(p)} · {cents(p.amountCents)} · {dateText(p.at, timeZone)}
          {p.refundedCents > 0 && <span className="portal-muted"> ({cents(p.refundedCents)} refunded)</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * The customer's invoices: what is owed, with the way to the invoice's own page to pay it, and what was paid, with
 * its payments (the receipts) and its PDF.
 */
export function Invoices(props: { invoices: PortalInvoices; timeZone: string; offline: boolean }) {
  const { invoices, timeZone, offline } = props;
  const card = (i: PortalInvoice, waiting: boolean) => (
    <DocCard
      key={i._id}
      name={`Invoice ${i.number}`}
      pill={waiting ? (i.status === "partially_paid" ? "Partly paid" : "Open") : "Paid"}
      waiting={waiting}
      page={{ url: i.url, label: waiting ? (i.payOnline ? "Pay now" : "View invoice") : "Receipt" }}
      pdfUrl={i.pdfUrl}
      offline={offline}
    >
      {waiting ? (
        <>
          <p className="portal-doc__balance">
            Balance <strong>{cents(i.balanceCents)}</strong>
            {i.paidCents > 0 && <span className="portal-muted"> of {cents(i.totalCents)}</span>}
          </p>
          <p className="portal-muted">
            {i.address} · due {dateText(i.dueAt, timeZone)}
          </p>
        </>
      ) : (
        <p className="portal-visit__what">
          {cents(i.totalCents)} · issued {dateText(i.issuedAt, timeZone)}
        </p>
      )}
      <Payments invoice={i} timeZone={timeZone} />
    </DocCard>
  );
  return (
    <DocSection
      id="portal-invoices"
      title="Invoices"
      groups={[
        { title: "To pay", items: invoices.open, render: (i) => card(i, true) },
        { title: "Paid", items: invoices.paid, render: (i) => card(i, false) },
      ]}
    />
  );
}
