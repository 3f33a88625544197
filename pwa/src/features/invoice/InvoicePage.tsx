import { invoiceViewPath } from "@contracts/common/page-data.ts";
import type { InvoicePublicView } from "@contracts/invoices/invoice.ts";
import { useCallback, useEffect, useState } from "react";
import { useParams, useSearchParams } from "react-router-dom";
import { longDay } from "@contracts/common/days.ts";
import { DocumentFoot, DocumentHead, DocumentPage, DocumentState } from "../../components/DocumentPage.tsx";
import { cents } from "../../components/estimates/money.ts";
import { INVOICE_STATUS_TEXT, InvoiceFigures } from "../../components/invoices/InvoiceFigures.tsx";
import { failureText } from "../../lib/http.ts";
import { telHref } from "../../lib/profile.tsx";
import { usePageData } from "../../lib/pageData.tsx";
import { useLoad } from "../../lib/useLoad.ts";
import { fetchInvoiceView, invoicePdfUrl, startCheckout } from "./api.ts";
import "./InvoicePage.css";

/** How often, and how long, the page asks again after Checkout until the payment provider's notice arrives. */
export const CONFIRM_POLL_MS = 1500;
export const CONFIRM_GIVE_UP_MS = 60_000;

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
  const [gaveUp, setGaveUp] = useState(false);
  const settled = view.state === "ready" && (view.data.balanceCents === 0 || view.data.status === "void");
  // Back from Checkout: the payment is recorded when the provider's notice reaches the server, seconds later.
  const confirming = returned && !settled && !gaveUp;
  const { refresh } = view;

  useEffect(() => {
    if (!confirming) return;
    const poll = setTimeout(refresh, CONFIRM_POLL_MS);
    return () => clearTimeout(poll);
  }, [confirming, refresh, view]);
  useEffect(() => {
    if (!returned) return;
    const giveUp = setTimeout(() => setGaveUp(true), CONFIRM_GIVE_UP_MS);
    return () => clearTimeout(giveUp);
  }, [returned]);

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
  const owed = view.status !== "void" && view.balanceCents > 0;
  return (
    <>
      <DocumentHead
        from={business.name}
        title={
          <>
            Invoice {view.number}{" "}
            <span className={`invoice-status invoice-status--${view.status}`} data-testid="invoice-status">
              {INVOICE_STATUS_TEXT[view.status]}
            </span>
          </>
        }
        customer={customer}
        dates={
          <>
            Issued {longDay(view.days.issued)}
            {owed && <> · due {longDay(view.days.due)}</>}
          </>
        }
      />

      {view.status === "paid" && (
        <DocumentState tone="done">
          <strong>Paid in full. Thank you!</strong> {returned && "Your payment was received. "}A receipt was e-mailed to
          you; the PDF below is your receipt too.
        </DocumentState>
      )}
      {view.status === "void" && (
        <DocumentState tone="void">
          <strong>This invoice was cancelled.</strong> Nothing is owed on it.
        </DocumentState>
      )}
      {owed && confirming && (
        <DocumentState tone="waiting">
          <strong>Confirming your payment…</strong> This takes a few seconds.
        </DocumentState>
      )}

      <div className="card invoice-page__card">
        <InvoiceFigures
          invoice={view}
          payments={view.payments.map((p, n) => ({ ...p, key: String(n), day: view.days.paid[n] }))}
        />
      </div>

      {owed && !confirming && <HowToPay view={view} token={token} />}

      <DocumentFoot
        pdf={{
          url: invoicePdfUrl(token),
          label: view.status === "paid" ? "Download receipt (PDF)" : "Download PDF",
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
  const pay = async () => {
    setGoing(true);
    setProblem(null);
    try {
      window.location.assign(await startCheckout(token));
    } catch (error) {
      setProblem(failureText(error, { otherwise: "Online payment is not available right now." }));
      setGoing(false);
    }
  };
  return (
    <section className="invoice-page__pay" aria-labelledby="invoice-pay">
      <h2 id="invoice-pay">{view.payOnline ? "Pay your balance" : "How to pay"}</h2>
      {view.payOnline && (
        <>
          <button
            type="button"
            className="btn btn-accent invoice-page__pay-now"
            disabled={going}
            onClick={() => void pay()}
          >
            {going ? "Opening secure checkout…" : `Pay ${cents(view.balanceCents)} now`}
          </button>
          <p className="invoice-page__hint">By card, on a secure checkout page. You come back here afterwards.</p>
        </>
      )}
      {problem && (
        <p className="banner banner-error" role="alert">
          {problem}
        </p>
      )}
      <p>
        {view.payOnline ? "You can also pay" : "Pay"} by cash, check or card to your technician on site, or call us at{" "}
        <a href={telHref(phone)}>{phone}</a> to pay by phone.
      </p>
    </section>
  );
}
