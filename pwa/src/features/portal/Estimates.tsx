import type { PortalEstimate, PortalEstimates } from "@contracts/portal/money.ts";
import { cents } from "../../components/estimates/money.ts";
import { DocCard, DocSection } from "./Documents.tsx";
import { dateText } from "./format.ts";

/** What an estimate asks: the approved option's total, one option's total, or the range of its options. */
function offerText(e: PortalEstimate): string {
  const chosen = e.options.find((o) => o._id === e.approvedOptionId) ?? (e.options.length === 1 ? e.options[0] : null);
  if (chosen) return `${chosen.title}: ${cents(chosen.totalCents)}`;
  const totals = e.options.map((o) => o.totalCents);
  return `${totals.length} options, from ${cents(Math.min(...totals))} to ${cents(Math.max(...totals))}`;
}

/**
 * The customer's estimates: those waiting for their answer (approved or declined on the estimate's own page, the one
 * path of a customer's answer), and those approved.
 */
export function Estimates(props: { estimates: PortalEstimates; timeZone: string; offline: boolean }) {
  const { estimates, timeZone, offline } = props;
  const card = (e: PortalEstimate, waiting: boolean) => (
    <DocCard
      key={e._id}
      name={`Estimate ${e.number}`}
      pill={waiting ? "Awaiting your answer" : "Approved"}
      waiting={waiting}
      page={{ url: e.url, label: waiting ? "Review and approve" : "View estimate" }}
      pdfUrl={e.pdfUrl}
      offline={offline}
    >
      <p className="portal-visit__what">{offerText(e)}</p>
      <p className="portal-muted">
        {e.approval
          ? `Approved by ${e.approval.signedBy} on ${dateText(e.approval.at, timeZone)}`
          : `${e.address} · valid until ${dateText(e.expiresAt, timeZone)}`}
      </p>
    </DocCard>
  );
  return (
    <DocSection
      id="portal-estimates"
      title="Estimates"
      groups={[
        { title: "To approve", items: estimates.toApprove, render: (e) => card(e, true) },
        { title: "Approved", items: estimates.approved, render: (e) => card(e, false) },
      ]}
    />
  );
}
