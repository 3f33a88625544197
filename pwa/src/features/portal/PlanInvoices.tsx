import type { DataEnvelope } from "@contracts/common/wire.ts";
import type { Membership } from "@contracts/plans/plan.ts";
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { cents } from "../../components/estimates/money.ts";
import { request } from "../../lib/http.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { failureIn } from "./failure.ts";

const m = defineMessages({
  due: { id: "public.portal.plan.invoice.due", defaultMessage: "Invoice {number}: {amount} due" },
  pay: { id: "public.portal.plan.invoice.pay", defaultMessage: "Pay {amount} by card" },
  howElse: {
    id: "public.portal.plan.invoice.howElse",
    defaultMessage: "You can also pay by cash or check, to the office or at your next visit.",
  },
  thanks: { id: "public.portal.plan.invoice.thanks", defaultMessage: "Thank you: invoice {number} is paid." },
  recording: {
    id: "public.portal.plan.invoice.recording",
    defaultMessage: "Thank you: your payment of invoice {number} is on its way. It shows here within a minute.",
  },
  notOpened: {
    id: "public.portal.plan.invoice.notOpened",
    defaultMessage: "The payment page could not be opened. Please try again.",
  },
});

const checkout = async (membershipId: string, invoiceId: string) =>
  (
    await request<DataEnvelope<{ url: string }>>(
      `/api/portal/memberships/${encodeURIComponent(membershipId)}/invoices/${encodeURIComponent(invoiceId)}/checkout`,
      { method: "POST" },
    )
  ).data.url;

/**
 * The open plan invoices of a membership billed by invoice, each with what it still asks, and paying one by card
 * where the business takes cards online: the amount is the server's, the payment is recorded when Stripe says so.
 * Back from the payment page (`?paid=<number>`), it thanks the customer, and says so when Stripe has not told us yet.
 */
export function PlanInvoices({
  membership,
  go = (url: string) => window.location.assign(url),
}: {
  membership: Membership;
  /** Where the payment page is opened (a test's spy). */
  go?: (url: string) => void;
}) {
  const { t } = useTranslator();
  const [opening, setOpening] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [search] = useSearchParams();
  const back = membership.invoices.find((i) => i.number === search.get("paid"));
  const open = membership.invoices.filter((i) => i.paidCents < i.amountCents);
  if (membership.payment !== "invoice" || (open.length === 0 && !back)) return null;

  const pay = async (invoiceId: string) => {
    setOpening(true);
    setProblem(null);
    try {
      go(await checkout(membership._id, invoiceId));
    } catch (error) {
      setProblem(failureIn(t, error, m.notOpened));
      setOpening(false);
    }
  };

  return (
    <div className="portal-plan__invoices">
      {back && (
        <p className="banner banner-success" role="status">
          {t(back.paidCents >= back.amountCents ? m.thanks : m.recording, { number: back.number })}
        </p>
      )}
      {problem && <p className="banner banner-error">{problem}</p>}
      {open.map((invoice) => {
        const amount = cents(invoice.amountCents - invoice.paidCents);
        return (
          <div key={invoice._id} className="portal-plan__invoice">
            <p>{t(m.due, { number: invoice.number, amount })}</p>
            {membership.payOnline && (
              <button
                type="button"
                className="btn btn-accent portal-wide"
                disabled={opening}
                onClick={() => void pay(invoice._id)}
              >
                {t(m.pay, { amount })}
              </button>
            )}
          </div>
        );
      })}
      {open.length > 0 && <p className="portal-muted">{t(m.howElse)}</p>}
    </div>
  );
}
