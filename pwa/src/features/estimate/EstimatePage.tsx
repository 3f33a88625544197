import { estimateViewPath } from "@contracts/common/page-data.ts";
import type { EstimatePublicView } from "@contracts/estimates/estimate.ts";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { useCallback } from "react";
import { useParams, useSearchParams } from "react-router-dom";
import { longDayIn } from "@contracts/common/days-in.ts";
import { DocumentFoot, DocumentHead, DocumentPage, DocumentState } from "../../components/DocumentPage.tsx";
import { OptionCards } from "../../components/estimates/OptionCards.tsx";
import { cents } from "../../components/estimates/money.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { telHref } from "../../lib/profile.tsx";
import { usePageData } from "../../lib/pageData.tsx";
import { useLoad } from "../../lib/useLoad.ts";
import { useConfirmingReturn } from "../../lib/useConfirmingReturn.ts";
import { fetchEstimateView, pdfUrl } from "./api.ts";
import { Decide } from "./Decide.tsx";
import "./EstimatePage.css";

/** ESTIMATE_TERMS, word for word in English (EstimatePage.test.tsx holds them to it), in the customer's language. */
const TERM_MESSAGES = defineMessages({
  prices: {
    id: "public.estimate.terms.prices",
    defaultMessage:
      "Prices are in US dollars and include the tax shown. Approving an option authorizes that work at the price " +
      "shown; the other options are then declined.",
  },
  hidden: {
    id: "public.estimate.terms.hidden",
    defaultMessage:
      "Hidden conditions found once work begins (damaged ductwork behind walls, mold beyond the areas inspected) " +
      "are quoted separately and never done without your approval.",
  },
  deposit: {
    id: "public.estimate.terms.deposit",
    defaultMessage: "A deposit, when one is asked, is due on approval and is deducted from the invoice.",
  },
});

const messages = defineMessages({
  title: { id: "public.estimate.title", defaultMessage: "Estimate {number}" },
  written: { id: "public.estimate.written", defaultMessage: "Written {day}" },
  validUntil: { id: "public.estimate.validUntil", defaultMessage: "valid until {day}" },
  confirming: { id: "public.estimate.confirming", defaultMessage: "Confirming your deposit…" },
  fewSeconds: { id: "public.estimate.fewSeconds", defaultMessage: "This takes a few seconds." },
  approvedPaid: { id: "public.estimate.approvedPaid", defaultMessage: "Approved — deposit received." },
  approvedPaidText: {
    id: "public.estimate.approvedPaidText",
    defaultMessage:
      "{name} approved {option} for {total} on {day} and paid a deposit of {deposit}, which your invoice deducts. " +
      "Thank you! We will call you to schedule the work.",
    description: "name: who signed; option: the option's title; total, deposit: amounts; day: a long date",
  },
  approved: { id: "public.estimate.approved", defaultMessage: "Approved." },
  approvedText: {
    id: "public.estimate.approvedText",
    defaultMessage: "{name} approved {option} for {total} on {day}. Thank you! We will call you to schedule the work.",
  },
  declined: { id: "public.estimate.declined", defaultMessage: "Declined." },
  declinedText: { id: "public.estimate.declinedText", defaultMessage: "You declined this estimate." },
  declinedOn: { id: "public.estimate.declinedOn", defaultMessage: "You declined this estimate on {day}." },
  changedMind: { id: "public.estimate.changedMind", defaultMessage: "Changed your mind? Call us at" },
  expired: { id: "public.estimate.expired", defaultMessage: "Expired." },
  expiredText: { id: "public.estimate.expiredText", defaultMessage: "This estimate was valid until {day}. Call us at" },
  forNewOne: { id: "public.estimate.forNewOne", defaultMessage: "for a new one." },
  depositDue: {
    id: "public.estimate.depositDue",
    defaultMessage: "A deposit of {percent}% ({amount}) is due on approval.",
  },
  terms: { id: "public.estimate.terms", defaultMessage: "Terms" },
  pdf: { id: "public.estimate.pdf", defaultMessage: "Download PDF" },
});

/**
 * /estimates/{token}: the customer's estimate from the link in their e-mail, phone first. What the business offers,
 * each option with what it includes and costs; approve one with a typed name (and a drawn signature if they like),
 * or decline. No login: the link is the key.
 */
export default function EstimatePage() {
  const { token = "" } = useParams();
  const [search] = useSearchParams();
  const view = useLoad(
    useCallback(() => fetchEstimateView(token), [token]),
    { keepShown: true, initial: usePageData<EstimatePublicView>(estimateViewPath(token)) },
  );
  // Back from the deposit's Checkout: the approval is recorded when the provider's notice reaches the server.
  const returned = search.get("deposit") === "paid";
  const settled = view.state === "ready" && view.data.status === "approved";
  const confirming = useConfirmingReturn(returned, settled, view.refresh, view) && view.state === "ready";
  return (
    <DocumentPage what="estimate" view={view} className="estimate-page" wide>
      {(data) => <Estimate view={data} token={token} onDecided={view.refresh} confirming={confirming} />}
    </DocumentPage>
  );
}

function Estimate({
  view,
  token,
  onDecided,
  confirming,
}: {
  view: EstimatePublicView;
  token: string;
  onDecided: () => void;
  confirming: boolean;
}) {
  const { business, customer } = view;
  const { t, locale } = useTranslator();
  const day = (value: string) => longDayIn(locale, value);
  const open = (view.status === "sent" || view.status === "draft") && !confirming;
  const approved = view.options.find((o) => o._id === view.approvedOptionId);
  const approval = approved &&
    view.approval && {
      name: view.approval.signedBy,
      option: approved.title,
      total: cents(approved.totalCents),
      day: day(view.days.approved ?? view.days.written),
    };
  return (
    <>
      <DocumentHead
        from={business.name}
        title={t(messages.title, { number: view.number })}
        customer={customer}
        dates={
          <>
            {t(messages.written, { day: day(view.days.written) })}
            {open && <> · {t(messages.validUntil, { day: day(view.days.validUntil) })}</>}
          </>
        }
      />

      {confirming && (
        <DocumentState tone="waiting">
          <strong>{t(messages.confirming)}</strong> {t(messages.fewSeconds)}
        </DocumentState>
      )}
      {view.status === "approved" && approval && view.depositPaidCents > 0 && (
        <DocumentState tone="done">
          <strong>{t(messages.approvedPaid)}</strong>{" "}
          {t(messages.approvedPaidText, { ...approval, deposit: cents(view.depositPaidCents) })}
        </DocumentState>
      )}
      {view.status === "approved" && approval && view.depositPaidCents <= 0 && (
        <DocumentState tone="done">
          <strong>{t(messages.approved)}</strong> {t(messages.approvedText, approval)}
        </DocumentState>
      )}
      {view.status === "declined" && (
        <DocumentState tone="closed">
          <strong>{t(messages.declined)}</strong>{" "}
          {view.days.declined ? t(messages.declinedOn, { day: day(view.days.declined) }) : t(messages.declinedText)}{" "}
          {t(messages.changedMind)} <a href={telHref(business.phone)}>{business.phone}</a>.
        </DocumentState>
      )}
      {view.status === "expired" && (
        <DocumentState tone="closed">
          <strong>{t(messages.expired)}</strong> {t(messages.expiredText, { day: day(view.days.validUntil) })}{" "}
          <a href={telHref(business.phone)}>{business.phone}</a> {t(messages.forNewOne)}
        </DocumentState>
      )}

      {view.message && <p className="estimate-page__message">{view.message}</p>}

      {open ? (
        <Decide view={view} token={token} onDecided={onDecided} />
      ) : (
        <OptionCards
          options={view.options}
          taxLabel={view.taxLabel}
          taxRatePercent={view.taxRatePercent}
          approvedOptionId={view.approvedOptionId}
          headingLevel={2}
          t={t}
        />
      )}

      {view.depositPercent > 0 && view.options.every((o) => o.depositCents === undefined) && (
        <p className="estimate-page__deposit">
          {t(messages.depositDue, { percent: view.depositPercent, amount: cents(view.depositCents) })}
        </p>
      )}

      <section className="estimate-page__terms-list" aria-labelledby="estimate-terms">
        <h2 id="estimate-terms">{t(messages.terms)}</h2>
        <ul>
          {Object.values(TERM_MESSAGES).map((term) => (
            <li key={term.id}>{t(term)}</li>
          ))}
        </ul>
      </section>

      <DocumentFoot pdf={{ url: pdfUrl(token), label: t(messages.pdf) }} business={business} />
    </>
  );
}
