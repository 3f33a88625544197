import type { CustomerDetail, CustomerEstimate, CustomerInvoice } from "@contracts/customers/customer.ts";
import type { EstimateStatus } from "@contracts/estimates/estimate.ts";
import type { InvoiceStatus } from "@contracts/invoices/invoice.ts";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { cents } from "../../components/estimates/money.ts";
import { ESTIMATE_STATUS_TEXT } from "../../components/estimates/statusText.ts";
import { INVOICE_STATUS_TEXT } from "../../components/invoices/InvoiceFigures.tsx";
import { Link } from "../../components/Link.tsx";
import { Panel } from "../../components/Panel.tsx";
import { shortDay } from "@contracts/common/days.ts";

const ESTIMATE_BADGE: Record<EstimateStatus, string> = {
  draft: "cancelled",
  sent: "confirmed",
  approved: "completed",
  declined: "cancelled",
  expired: "cancelled",
};
const INVOICE_BADGE: Record<InvoiceStatus, string> = {
  open: "pending",
  partially_paid: "pending",
  paid: "completed",
  void: "cancelled",
};

const day = (iso: string) => shortDay(iso.slice(0, 10));

/** A document's number opens the booking it belongs to, where the office works on it. */
function BookingLink({ bookingId, number, here }: { bookingId: string; number: string; here: string }) {
  return (
    <Link
      to={`/admin/bookings/edit/${encodeURIComponent(bookingId)}`}
      state={{ from: here }}
      className="cust-link adm-table__nowrap"
    >
      {number}
    </Link>
  );
}

/** The customer's estimates and invoices with their numbers, states and what is still owed on each. */
export function MoneyPanel({ customer, here }: { customer: CustomerDetail; here: string }) {
  const estimateColumns: Column<CustomerEstimate>[] = [
    {
      key: "number",
      header: "Estimate",
      cell: (e) => <BookingLink bookingId={e.bookingId} number={e.number} here={here} />,
    },
    { key: "date", header: "Date", cell: (e) => day(e.createdAt), className: "adm-table__nowrap" },
    {
      key: "status",
      header: "Status",
      cell: (e) => (
        <span className={`adm-badge adm-badge--${ESTIMATE_BADGE[e.status]}`}>{ESTIMATE_STATUS_TEXT[e.status]}</span>
      ),
    },
    { key: "total", header: "Total", cell: (e) => cents(e.totalCents), className: "cust-money" },
  ];
  const invoiceColumns: Column<CustomerInvoice>[] = [
    {
      key: "number",
      header: "Invoice",
      cell: (i) => <BookingLink bookingId={i.bookingId} number={i.number} here={here} />,
    },
    { key: "date", header: "Issued", cell: (i) => day(i.issuedAt), className: "adm-table__nowrap" },
    {
      key: "status",
      header: "Status",
      cell: (i) => (
        <span className={`adm-badge adm-badge--${INVOICE_BADGE[i.status]}`}>{INVOICE_STATUS_TEXT[i.status]}</span>
      ),
    },
    { key: "total", header: "Total", cell: (i) => cents(i.totalCents), className: "cust-money" },
    {
      key: "balance",
      header: "Balance",
      cell: (i) => (i.status === "void" ? "—" : cents(i.balanceCents)),
      className: "cust-money",
    },
  ];
  return (
    <Panel id="customer-money" title="Estimates and invoices" className="cust-money-panel">
      <h3 className="cust-subtitle">Invoices</h3>
      <DataTable
        caption={`Invoices of ${customer.name}`}
        columns={invoiceColumns}
        rows={customer.invoices}
        rowKey={(i) => i._id}
        empty="No invoices yet."
      />
      <h3 className="cust-subtitle">Estimates</h3>
      <DataTable
        caption={`Estimates of ${customer.name}`}
        columns={estimateColumns}
        rows={customer.estimates}
        rowKey={(e) => e._id}
        empty="No estimates yet."
      />
    </Panel>
  );
}

const stars = (n: number) => "★".repeat(n) + "☆".repeat(Math.max(0, 5 - n));

/** What the customer said after their visits, newest first. */
export function RatingsPanel({ customer, here }: { customer: CustomerDetail; here: string }) {
  return (
    <Panel id="customer-ratings" title="Ratings" className="cust-ratings">
      {customer.ratings.length === 0 ? (
        <p className="adm-empty">No ratings yet.</p>
      ) : (
        <ul className="cust-rating-list">
          {customer.ratings.map((r) => (
            <li key={r.bookingId} className="cust-rating">
              <p className="cust-rating__head">
                <span className="cust-rating__stars" aria-label={`${r.stars} of 5 stars`}>
                  {stars(r.stars)}
                </span>
                <Link
                  to={`/admin/bookings/edit/${encodeURIComponent(r.bookingId)}`}
                  state={{ from: here }}
                  className="cust-link"
                >
                  {day(r.createdAt)}
                </Link>
              </p>
              {r.comment && <p className="cust-rating__comment">{r.comment}</p>}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
