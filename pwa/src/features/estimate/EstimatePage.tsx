import { ESTIMATE_TERMS, type EstimatePublicView } from "@contracts/estimates/estimate.ts";
import { useCallback } from "react";
import { useParams } from "react-router-dom";
import { LinkFailed } from "../../components/LinkFailed.tsx";
import { OptionCards } from "../../components/estimates/OptionCards.tsx";
import { cents } from "../../components/estimates/money.ts";
import { telHref, useProfile } from "../../lib/profile.tsx";
import { useLoad } from "../../lib/useLoad.ts";
import { fetchEstimateView, pdfUrl } from "./api.ts";
import { Decide } from "./Decide.tsx";
import "./EstimatePage.css";

const dayOf = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone }).format(new Date(iso));

/**
 * /estimates/{token}: the customer's estimate from the link in their e-mail, phone first. What the business offers,
 * each option with what it includes and costs; approve one with a typed name (and a drawn signature if they like),
 * or decline. No login: the link is the key.
 */
export default function EstimatePage() {
  const { token = "" } = useParams();
  const view = useLoad(useCallback(() => fetchEstimateView(token), [token]));
  return (
    <section className="section estimate-page">
      <div className="container estimate-page__inner">
        {view.state === "loading" && (
          <p className="estimate-page__loading" role="status">
            Loading your estimate…
          </p>
        )}
        {view.state === "failed" && (
          <LinkFailed what="estimate" error={view.error} onRetry={view.reload} className="estimate-page__card" />
        )}
        {view.state === "ready" && <Estimate view={view.data} token={token} onDecided={view.refresh} />}
      </div>
    </section>
  );
}

function Estimate({ view, token, onDecided }: { view: EstimatePublicView; token: string; onDecided: () => void }) {
  const { timeZone } = useProfile();
  const { business, customer } = view;
  const open = view.status === "sent" || view.status === "draft";
  const approved = view.options.find((o) => o._id === view.approvedOptionId);
  return (
    <>
      <header className="estimate-page__head">
        <p className="estimate-page__from">{business.name}</p>
        <h1>Estimate {view.number}</h1>
        <p className="estimate-page__for">
          For {customer.name}
          {customer.address && <>, {customer.address}</>}
        </p>
        <p className="estimate-page__dates">
          Written {dayOf(view.createdAt, timeZone)}
          {open && <> · valid until {dayOf(view.expiresAt, timeZone)}</>}
        </p>
      </header>

      {view.status === "approved" && approved && view.approval && (
        <p className="estimate-page__state estimate-page__state--approved" role="status">
          <strong>Approved.</strong> {view.approval.signedBy} approved {approved.title} for {cents(approved.totalCents)}{" "}
          on {dayOf(view.approval.at, timeZone)}. Thank you! We will call you to schedule the work.
        </p>
      )}
      {view.status === "declined" && (
        <p className="estimate-page__state estimate-page__state--closed" role="status">
          <strong>Declined.</strong> You declined this estimate
          {view.decline ? ` on ${dayOf(view.decline.at, timeZone)}` : ""}. Changed your mind? Call us at{" "}
          <a href={telHref(business.phone)}>{business.phone}</a>.
        </p>
      )}
      {view.status === "expired" && (
        <p className="estimate-page__state estimate-page__state--closed" role="status">
          <strong>Expired.</strong> This estimate was valid until {dayOf(view.expiresAt, timeZone)}. Call us at{" "}
          <a href={telHref(business.phone)}>{business.phone}</a> for a new one.
        </p>
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
        />
      )}

      {view.depositPercent > 0 && (
        <p className="estimate-page__deposit">
          A deposit of {view.depositPercent}% ({cents(view.depositCents)}) is due on approval.
        </p>
      )}

      <section className="estimate-page__terms-list" aria-labelledby="estimate-terms">
        <h2 id="estimate-terms">Terms</h2>
        <ul>
          {ESTIMATE_TERMS.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </section>

      <footer className="estimate-page__foot">
        <a className="btn btn-outline" href={pdfUrl(token)} target="_blank" rel="noopener">
          Download PDF
        </a>
        <p>
          Questions? Call <a href={telHref(business.phone)}>{business.phone}</a> or write to{" "}
          <a href={`mailto:${business.email}`}>{business.email}</a>.
        </p>
      </footer>
    </>
  );
}
