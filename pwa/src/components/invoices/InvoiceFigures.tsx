import { PAYMENT_METHOD_LABELS, type Invoice, type InvoiceStatus, type Payment } from "@contracts/invoices/invoice.ts";
import { shortDay } from "@contracts/common/days.ts";
import type { ReactNode } from "react";
import { cents } from "../estimates/money.ts";
import "./InvoiceFigures.css";

export const INVOICE_STATUS_TEXT: Record<InvoiceStatus, string> = {
  open: "Open",
  partially_paid: "Partly paid",
  paid: "Paid",
  void: "Void",
};

type Figures = Pick<
  Invoice,
  "lines" | "subtotalCents" | "taxCents" | "totalCents" | "taxLabel" | "paidCents" | "balanceCents" | "status"
>;

export interface FigurePayment extends Pick<Payment, "method" | "amountCents" | "at" | "refundedCents"> {
  key: string;
  reference?: string;
  /** Taken on this device and not on the server yet. */
  waiting?: boolean;
  /** The day it was paid in the business's time zone, when the server said (the customer's page). */
  day?: string;
}

const paidOn = (p: FigurePayment) =>
  p.day
    ? shortDay(p.day)
    : new Date(p.at).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

/**
 * An invoice's lines, totals and payments, and the balance the customer still owes: the same on the job screen, the
 * booking's details and the customer's page, in the one money format.
 */
export function InvoiceFigures({
  invoice: i,
  payments,
  paymentAction,
}: {
  invoice: Figures;
  payments: readonly FigurePayment[];
  /** What the office may do with a payment (Refund), shown after its amount. */
  paymentAction?: (payment: FigurePayment) => ReactNode;
}) {
  return (
    <div className="invoice-figures">
      <table className="invoice-figures__lines">
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col" className="num">
              Qty
            </th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {i.lines.map((line, n) => (
            <tr key={n}>
              <td>
                {line.description}
                {line.quantity > 1 && <span className="invoice-figures__unit"> at {cents(line.unitPriceCents)}</span>}
              </td>
              <td className="num">{line.quantity}</td>
              <td className="num">{cents(line.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="invoice-figures__totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{cents(i.subtotalCents)}</dd>
        </div>
        {i.taxCents > 0 && (
          <div>
            <dt>{i.taxLabel}</dt>
            <dd>{cents(i.taxCents)}</dd>
          </div>
        )}
        <div className="invoice-figures__total">
          <dt>Total</dt>
          <dd>{cents(i.totalCents)}</dd>
        </div>
        {payments.length > 0 && (
          <div>
            <dt>Paid</dt>
            <dd>{cents(i.paidCents)}</dd>
          </div>
        )}
        <div className="invoice-figures__balance" data-testid="invoice-balance">
          <dt>{i.status === "void" ? "Balance (void)" : "Balance due"}</dt>
          <dd>{cents(i.status === "void" ? 0 : i.balanceCents)}</dd>
        </div>
      </dl>
      {payments.length > 0 && (
        <div className="invoice-figures__payments">
          <h3>Payments</h3>
          <ul>
            {payments.map((p) => (
              <li key={p.key} data-testid="invoice-payment">
                <span>
                  {PAYMENT_METHOD_LABELS[p.method]}
                  {p.reference && p.method === "check" && ` #${p.reference}`}
                  {p.reference && p.method === "card" && ` · ${p.reference}`} · {paidOn(p)}
                  {p.waiting && <span className="invoice-figures__waiting">Waiting to be sent</span>}
                  {p.refundedCents > 0 && (
                    <span className="invoice-figures__refund"> ({cents(p.refundedCents)} refunded)</span>
                  )}
                </span>
                <span className="invoice-figures__amount">
                  {cents(p.amountCents)}
                  {paymentAction?.(p)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
