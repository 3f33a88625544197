import { estimateViewPath } from "@contracts/common/page-data.ts";
import { ESTIMATE_TERMS, type EstimatePublicView } from "@contracts/estimates/estimate.ts";
import { useCallback } from "react";
import { useParams } from "react-router-dom";
import { longDay } from "@contracts/common/days.ts";
import { DocumentFoot, DocumentHead, DocumentPage, DocumentState } from "../../components/DocumentPage.tsx";
import { OptionCards } from "../../components/estimates/OptionCards.tsx";
import { cents } from "../../components/estimates/money.ts";
import { telHref } from "../../lib/profile.tsx";
import { usePageData } from "../../lib/pageData.tsx";
import { useLoad } from "../../lib/useLoad.ts";
import { fetchEstimateView, pdfUrl } from "./api.ts";
import { Decide } from "./Decide.tsx";
import "./EstimatePage.css";

/**
 * /estimates/{token}: the customer's estimate from the link in their e-mail, phone first. What the business offers,
 * each option with what it includes and costs; approve one with a typed name (and a drawn signature if they like),
 * or decline. No login: the link is the key.
 */
export default function EstimatePage() {
  const { token = "" } = useParams();
  const view = useLoad(
    useCallback(() => fetchEstimateView(token), [token]),
    { initial: usePageData<EstimatePublicView>(estimateViewPath(token)) },
  );
  return (
    <DocumentPage what="estimate" view={view} className="estimate-page" wide>
      {(data) => <Estimate view={data} token={token} onDecided={view.refresh} />}
    </DocumentPage>
  );
}

function Estimate({ view, token, onDecided }: { view: EstimatePublicView; token: string; onDecided: () => void }) {
  const { business, customer } = view;
  const open = view.status === "sent" || view.status === "draft";
  const approved = view.options.find((o) => o._id === view.approvedOptionId);
  return (
    <>
      <DocumentHead
        from={business.name}
        title={`Estimate ${view.number}`}
        customer={customer}
        dates={
          <>
            Written {longDay(view.days.written)}
            {open && <> · valid until {longDay(view.days.validUntil)}</>}
          </>
        }
      />

      {view.status === "approved" && approved && view.approval && (
        <DocumentState tone="done">
          <strong>Approved.</strong> {view.approval.signedBy} approved {approved.title} for {cents(approved.totalCents)}{" "}
          on {longDay(view.days.approved ?? view.days.written)}. Thank you! We will call you to schedule the work.
        </DocumentState>
      )}
      {view.status === "declined" && (
        <DocumentState tone="closed">
          <strong>Declined.</strong> You declined this estimate
          {view.days.declined ? ` on ${longDay(view.days.declined)}` : ""}. Changed your mind? Call us at{" "}
          <a href={telHref(business.phone)}>{business.phone}</a>.
        </DocumentState>
      )}
      {view.status === "expired" && (
        <DocumentState tone="closed">
          <strong>Expired.</strong> This estimate was valid until {longDay(view.days.validUntil)}. Call us at{" "}
          <a href={telHref(business.phone)}>{business.phone}</a> for a new one.
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

      <DocumentFoot pdf={{ url: pdfUrl(token), label: "Download PDF" }} business={business} />
    </>
  );
}
