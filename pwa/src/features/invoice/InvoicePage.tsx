import { invoiceViewPath } from "@contracts/common/page-data.ts";
import type { InvoicePublicView } from "@contracts/invoices/invoice.ts";
import { useCallback, useState } from "react";
import { useParams, useSearchParams } from "react-router-dom";
import { longDayIn } from "@contracts/common/days-in.ts";
import { DocumentFoot, DocumentHead, DocumentPage, DocumentState } from "../../components/DocumentPage.tsx";
import { cents } from "../../components/estimates/money.ts";
import { INVOICE_STATUS_MESSAGES, InvoiceFigures } from "../../components/invoices/InvoiceFigures.tsx";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { failureText } from "../../lib/http.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { telHref } from "../../lib/profile.tsx";
import { usePageData } from "../../lib/pageData.tsx";
import { useLoad } from "../../lib/useLoad.ts";
import { useConfirmingReturn } from "../../lib/useConfirmingReturn.ts";
import { fetchInvoiceView, invoicePdfUrl, startCheckout } from "./api.ts";
import "./InvoicePage.css";

const messages = defineMessages({
  title: { id: "public.invoice.title", defaultMessage: "Invoice {number}" },
  issued: { id: "public.invoice.issued", defaultMessage: "Issued {day}" },
  due: { id: "public.invoice.due", defaultMessage: "due {day}" },
  paidInFull: { id: "public.invoice.paidInFull", defaultMessage: "Paid in full. Thank you!" },
  received: { id: "public.invoice.received", defaultMessage: "Your payment was received." },
  receipt: {
    id: "public.invoice.receipt",
    defaultMessage: "A receipt was e-mailed to you; the PDF below is your receipt too.",
  },
  cancelled: { id: "public.invoice.cancelled", defaultMessage: "This invoice was cancelled." },
  nothingOwed: { id: "public.invoice.nothingOwed", defaultMessage: "Nothing is owed on it." },
  confirming: { id: "public.invoice.confirming", defaultMessage: "Confirming your payment…" },
  fewSeconds: { id: "public.invoice.fewSeconds", defaultMessage: "This takes a few seconds." },
  receiptPdf: { id: "public.invoice.receiptPdf", defaultMessage: "Download receipt (PDF)" },
  pdf: { id: "public.invoice.pdf", defaultMessage: "Download PDF" },
  unavailable: { id: "public.invoice.unavailable", defaultMessage: "Online payment is not available right now." },
  payBalance: { id: "public.invoice.payBalance", defaultMessage: "Pay your balance" },
  howToPay: { id: "public.invoice.howToPay", defaultMessage: "How to pay" },
  opening: { id: "public.invoice.opening", defaultMessage: "Opening secure checkout…" },
  payNow: { id: "public.invoice.payNow", defaultMessage: "Pay {amount} now" },
  byCard: {
    id: "public.invoice.byCard",
    defaultMessage: "By card, on a secure checkout page. You come back here afterwards.",
  },
  alsoPay: {
    id: "public.invoice.alsoPay",
    defaultMessage: "You can also pay by cash, check or card to your technician on site, or call us at",
  },
  pay: {
    id: "public.invoice.pay",
    defaultMessage: "Pay by cash, check or card to your technician on site, or call us at",
  },
  byPhone: { id: "public.invoice.byPhone", defaultMessage: "to pay by phone." },
});

/**
 * /invoices/{token}: the customer's invoice from the link in their e-mail, phone first. What was done and what it
 * costs, what was paid, the balance; Pay now by card when the business takes payments online, otherwise how to pay.
 * Back from Checkout (`?paid=1`) it reads the invoice again until the payment shows.
 */
export default function InvoicePage() {
  const { token = "" } = useParams();
  const [search] = useSearchParams();
  const view = useLoad(
    useCallback(() => fetchInvoiceView(token), [token]),
    { keepShown: true, initial: usePageData<InvoicePublicView>(invoiceViewPath(token)) },
  );
  const returned = search.get("paid") === "1";
  const settled = view.state === "ready" && (view.data.balanceCents === 0 || view.data.status === "void");
  const confirming = useConfirmingReturn(returned, settled, view.refresh, view);

  return (
    <DocumentPage what="invoice" view={view} className="invoice-page">
      {(data) => <Invoice view={data} token={token} confirming={confirming} returned={returned} />}
    </DocumentPage>
  );
}

function Invoice({
  view,
  token,
  confirming,
  returned,
}: {
  view: InvoicePublicView;
  token: string;
  confirming: boolean;
  returned: boolean;
}) {
  const { business, customer } = view;
  const { t, locale } = useTranslator();
  const owed = view.status !== "void" && view.balanceCents > 0;
  return (
    <>
      <DocumentHead
        from={business.name}
        title={
          <>
            {t(messages.title, { number: view.number })}{" "}
            <span className={`invoice-status invoice-status--${view.status}`} data-testid="invoice-status">
              {t(INVOICE_STATUS_MESSAGES[view.status])}
            </span>
          </>
        }
        customer={customer}
        dates={
          <>
            {t(messages.issued, { day: longDayIn(locale, view.days.issued) })}
            {owed && <> · {t(messages.due, { day: longDayIn(locale, view.days.due) })}</>}
          </>
        }
      />

      {view.status === "paid" && (
        <DocumentState tone="done">
          <strong>{t(messages.paidInFull)}</strong> {returned && `${t(messages.received)} `}
          {t(messages.receipt)}
        </DocumentState>
      )}
      {view.status === "void" && (
        <DocumentState tone="void">
          <strong>{t(messages.cancelled)}</strong> {t(messages.nothingOwed)}
        </DocumentState>
      )}
      {owed && confirming && (
        <DocumentState tone="waiting">
          <strong>{t(messages.confirming)}</strong> {t(messages.fewSeconds)}
        </DocumentState>
      )}

      <div className="card invoice-page__card">
        <InvoiceFigures
          invoice={view}
          payments={view.payments.map((p, n) => ({
            ...p,
            key: String(n),
            day: view.days.paid[n],
            dayText: locale === "es" && view.days.paid[n] ? longDayIn(locale, view.days.paid[n]) : undefined,
          }))}
        />
      </div>

      {owed && !confirming && <HowToPay view={view} token={token} />}

      <DocumentFoot
        pdf={{
          url: invoicePdfUrl(token),
          label: t(view.status === "paid" ? messages.receiptPdf : messages.pdf),
        }}
        business={business}
      />
    </>
  );
}

/** Pay now by card when the business takes payments online; otherwise (and always) the other ways to pay. */
function HowToPay({ view, token }: { view: InvoicePublicView; token: string }) {
  const [going, setGoing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const phone = view.business.phone;
  const { t } = useTranslator();
  const pay = async () => {
    setGoing(true);
    setProblem(null);
    try {
      window.location.assign(await startCheckout(token));
    } catch (error) {
      setProblem(failureText(error, { otherwise: t(messages.unavailable) }));
      setGoing(false);
    }
  };
  return (
    <section className="invoice-page__pay" aria-labelledby="invoice-pay">
      <h2 id="invoice-pay">{t(view.payOnline ? messages.payBalance : messages.howToPay)}</h2>
      {view.payOnline && (
        <>
          <button
            type="button"
            className="btn btn-accent invoice-page__pay-now"
            disabled={going}
            onClick={() => void pay()}
          >
            {going ? t(messages.opening) : t(messages.payNow, { amount: cents(view.balanceCents) })}
          </button>
          <p className="invoice-page__hint">{t(messages.byCard)}</p>
        </>
      )}
      {problem && (
        <p className="banner banner-error" role="alert">
          {problem}
        </p>
      )}
      <p>
        {t(view.payOnline ? messages.alsoPay : messages.pay)} <a href={telHref(phone)}>{phone}</a> {t(messages.byPhone)}
      </p>
    </section>
  );
}
