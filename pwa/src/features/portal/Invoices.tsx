import type { PaymentMethod } from "@contracts/invoices/invoice.ts";
import type { PortalInvoice, PortalInvoices } from "@contracts/portal/money.ts";
import { defineMessages, type MessageDescriptor } from "@contracts/i18n/messages.ts";
import { cents } from "../../components/estimates/money.ts";
import { type Translator, useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { DocCard, DocSection } from "./Documents.tsx";
import { dateText } from "./format.ts";

const m = defineMessages({
  title: { id: "public.portal.invoices.title", defaultMessage: "Invoices" },
  toPay: { id: "public.portal.invoices.toPay", defaultMessage: "To pay" },
  paid: { id: "public.portal.invoices.paid", defaultMessage: "Paid" },
  name: { id: "public.portal.invoices.name", defaultMessage: "Invoice {number}" },
  partlyPaid: { id: "public.portal.invoices.partlyPaid", defaultMessage: "Partly paid" },
  open: { id: "public.portal.invoices.open", defaultMessage: "Open" },
  payNow: { id: "public.portal.invoices.payNow", defaultMessage: "Pay now" },
  view: { id: "public.portal.invoices.view", defaultMessage: "View invoice" },
  receipt: { id: "public.portal.invoices.receipt", defaultMessage: "Receipt" },
  balance: { id: "public.portal.invoices.balance", defaultMessage: "Balance" },
  of: { id: "public.portal.invoices.of", defaultMessage: "of {total}" },
  due: { id: "public.portal.invoices.due", defaultMessage: "{address} · due {date}" },
  issued: { id: "public.portal.invoices.issued", defaultMessage: "{total} · issued {date}" },
  payments: { id: "public.portal.invoices.payments", defaultMessage: "Payments of invoice {number}" },
  refunded: { id: "public.portal.invoices.refunded", defaultMessage: "({amount} refunded)" },
  deposit: { id: "public.portal.invoices.deposit", defaultMessage: "Deposit" },
});

const METHODS: Record<PaymentMethod, MessageDescriptor> = defineMessages({
  cash: { id: "public.portal.invoices.method.cash", defaultMessage: "Cash" },
  check: { id: "public.portal.invoices.method.check", defaultMessage: "Check" },
  card: { id: "public.portal.invoices.method.card", defaultMessage: "Card" },
  online: { id: "public.portal.invoices.method.online", defaultMessage: "Online" },
});

/** The invoice's payments: the receipts the customer was e-mailed, one a line. */
function Payments({ invoice, timeZone, words }: { invoice: PortalInvoice; timeZone: string; words: Translator }) {
  const { t } = words;
  if (invoice.payments.length === 0) return null;
  return (
    <ul className="portal-payments" aria-label={t(m.payments, { number: invoice.number })}>
      {invoice.payments.map((p, i) => (
        <li key={i}>
          {t(p.deposit ? m.deposit : METHODS[p.method])} · {cents(p.amountCents)} · {dateText(p.at, timeZone, words)}
          {p.refundedCents > 0 && (
            <span className="portal-muted"> {t(m.refunded, { amount: cents(p.refundedCents) })}</span>
          )}
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
  const words = useTranslator();
  const { t } = words;
  const card = (i: PortalInvoice, waiting: boolean) => (
    <DocCard
      key={i._id}
      name={t(m.name, { number: i.number })}
      pill={t(waiting ? (i.status === "partially_paid" ? m.partlyPaid : m.open) : m.paid)}
      waiting={waiting}
      page={{ url: i.url, label: t(waiting ? (i.payOnline ? m.payNow : m.view) : m.receipt) }}
      pdfUrl={i.pdfUrl}
      offline={offline}
    >
      {waiting ? (
        <>
          <p className="portal-doc__balance">
            {t(m.balance)} <strong>{cents(i.balanceCents)}</strong>
            {i.paidCents > 0 && <span className="portal-muted"> {t(m.of, { total: cents(i.totalCents) })}</span>}
          </p>
          <p className="portal-muted">{t(m.due, { address: i.address, date: dateText(i.dueAt, timeZone, words) })}</p>
        </>
      ) : (
        <p className="portal-visit__what">
          {t(m.issued, { total: cents(i.totalCents), date: dateText(i.issuedAt, timeZone, words) })}
        </p>
      )}
      <Payments invoice={i} timeZone={timeZone} words={words} />
    </DocCard>
  );
  return (
    <DocSection
      id="portal-invoices"
      title={t(m.title)}
      groups={[
        { title: t(m.toPay), items: invoices.open, render: (i) => card(i, true) },
        { title: t(m.paid), items: invoices.paid, render: (i) => card(i, false) },
      ]}
    />
  );
}
