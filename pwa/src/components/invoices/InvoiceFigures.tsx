import { type Invoice, type InvoiceStatus, type Payment } from "@contracts/invoices/invoice.ts";
import { shortDay } from "@contracts/common/days.ts";
import { defineMessages, type MessageDescriptor } from "@contracts/i18n/messages.ts";
import type { ReactNode } from "react";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { cents } from "../estimates/money.ts";
import "./InvoiceFigures.css";

// The customer's invoice page's words (the public catalog); the office's and the tablet's screens show the English.
export const INVOICE_STATUS_MESSAGES: Record<InvoiceStatus, MessageDescriptor> = defineMessages({
  open: { id: "public.invoiceFigures.status.open", defaultMessage: "Open" },
  partially_paid: { id: "public.invoiceFigures.status.partiallyPaid", defaultMessage: "Partly paid" },
  paid: { id: "public.invoiceFigures.status.paid", defaultMessage: "Paid" },
  void: { id: "public.invoiceFigures.status.void", defaultMessage: "Void" },
});

export const INVOICE_STATUS_TEXT = Object.fromEntries(
  Object.entries(INVOICE_STATUS_MESSAGES).map(([status, message]) => [status, message.defaultMessage]),
) as Record<InvoiceStatus, string>;

const METHOD_MESSAGES = defineMessages({
  cash: { id: "public.invoiceFigures.method.cash", defaultMessage: "Cash" },
  check: { id: "public.invoiceFigures.method.check", defaultMessage: "Check" },
  card: { id: "public.invoiceFigures.method.card", defaultMessage: "Card" },
  online: { id: "public.invoiceFigures.method.online", defaultMessage: "Online" },
});

const messages = defineMessages({
  deposit: { id: "public.invoiceFigures.deposit", defaultMessage: "Deposit" },
  description: { id: "public.invoiceFigures.description", defaultMessage: "Description" },
  qty: { id: "public.invoiceFigures.qty", defaultMessage: "Qty" },
  amount: { id: "public.invoiceFigures.amount", defaultMessage: "Amount" },
  at: { id: "public.invoiceFigures.at", defaultMessage: "at {price}", description: "a line's unit price" },
  subtotal: { id: "public.invoiceFigures.subtotal", defaultMessage: "Subtotal" },
  total: { id: "public.invoiceFigures.total", defaultMessage: "Total" },
  paid: { id: "public.invoiceFigures.paid", defaultMessage: "Paid" },
  balanceVoid: { id: "public.invoiceFigures.balanceVoid", defaultMessage: "Balance (void)" },
  balanceDue: { id: "public.invoiceFigures.balanceDue", defaultMessage: "Balance due" },
  payments: { id: "public.invoiceFigures.payments", defaultMessage: "Payments" },
  waiting: { id: "public.invoiceFigures.waiting", defaultMessage: "Waiting to be sent" },
  refunded: { id: "public.invoiceFigures.refunded", defaultMessage: "({amount} refunded)" },
});

type Figures = Pick<
  Invoice,
  "lines" | "subtotalCents" | "taxCents" | "totalCents" | "taxLabel" | "paidCents" | "balanceCents" | "status"
>;

export interface FigurePayment extends Pick<Payment, "method" | "amountCents" | "at" | "refundedCents"> {
  key: string;
  /** Taken with an approval: named "Deposit" whatever paid it. */
  deposit?: boolean;
  reference?: string;
  /** Taken on this device and not on the server yet. */
  waiting?: boolean;
  /** The day it was paid in the business's time zone, when the server said (the customer's page). */
  day?: string;
  /** That day as the customer's page writes it in their language ("20 de noviembre de 2026"). */
  dayText?: string;
}

const paidOn = (p: FigurePayment) =>
  p.dayText ??
  (p.day
    ? shortDay(p.day)
    : new Date(p.at).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" }));

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
  const { t } = useTranslator();
  return (
    <div className="invoice-figures">
      <table className="invoice-figures__lines">
        <thead>
          <tr>
            <th scope="col">{t(messages.description)}</th>
            <th scope="col" className="num">
              {t(messages.qty)}
            </th>
            <th scope="col" className="num">
              {t(messages.amount)}
            </th>
          </tr>
        </thead>
        <tbody>
          {i.lines.map((line, n) => (
            <tr key={n}>
              <td>
                {line.description}
                {line.quantity > 1 && (
                  <span className="invoice-figures__unit">
                    {" "}
                    {t(messages.at, { price: cents(line.unitPriceCents) })}
                  </span>
                )}
              </td>
              <td className="num">{line.quantity}</td>
              <td className="num">{cents(line.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="invoice-figures__totals">
        <div>
          <dt>{t(messages.subtotal)}</dt>
          <dd>{cents(i.subtotalCents)}</dd>
        </div>
        {i.taxCents > 0 && (
          <div>
            <dt>{i.taxLabel}</dt>
            <dd>{cents(i.taxCents)}</dd>
          </div>
        )}
        <div className="invoice-figures__total">
          <dt>{t(messages.total)}</dt>
          <dd>{cents(i.totalCents)}</dd>
        </div>
        {payments.length > 0 && (
          <div>
            <dt>{t(messages.paid)}</dt>
            <dd>{cents(i.paidCents)}</dd>
          </div>
        )}
        <div className="invoice-figures__balance" data-testid="invoice-balance">
          <dt>{t(i.status === "void" ? messages.balanceVoid : messages.balanceDue)}</dt>
          <dd>{cents(i.status === "void" ? 0 : i.balanceCents)}</dd>
        </div>
      </dl>
      {payments.length > 0 && (
        <div className="invoice-figures__payments">
          <h3>{t(messages.payments)}</h3>
          <ul>
            {payments.map((p) => (
              <li key={p.key} data-testid="invoice-payment">
                <span>
                  {t(p.deposit ? messages.deposit : METHOD_MESSAGES[p.method])}
                  {p.reference && p.method === "check" && ` #${p.reference}`}
                  {p.reference && p.method === "card" && ` · ${p.reference}`} · {paidOn(p)}
                  {p.waiting && <span className="invoice-figures__waiting">{t(messages.waiting)}</span>}
                  {p.refundedCents > 0 && (
                    <span className="invoice-figures__refund">
                      {" "}
                      {t(messages.refunded, { amount: cents(p.refundedCents) })}
                    </span>
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
