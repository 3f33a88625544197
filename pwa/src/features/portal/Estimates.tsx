import type { PortalEstimate, PortalEstimates } from "@contracts/portal/money.ts";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { cents } from "../../components/estimates/money.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { DocCard, DocSection } from "./Documents.tsx";
import { dateText } from "./format.ts";

const m = defineMessages({
  title: { id: "public.portal.estimates.title", defaultMessage: "Estimates" },
  toApprove: { id: "public.portal.estimates.toApprove", defaultMessage: "To approve" },
  approved: { id: "public.portal.estimates.approved", defaultMessage: "Approved" },
  name: { id: "public.portal.estimates.name", defaultMessage: "Estimate {number}" },
  waiting: { id: "public.portal.estimates.waiting", defaultMessage: "Awaiting your answer" },
  review: { id: "public.portal.estimates.review", defaultMessage: "Review and approve" },
  view: { id: "public.portal.estimates.view", defaultMessage: "View estimate" },
  options: { id: "public.portal.estimates.options", defaultMessage: "{count} options, from {low} to {high}" },
  approvedBy: { id: "public.portal.estimates.approvedBy", defaultMessage: "Approved by {name} on {date}" },
  validUntil: { id: "public.portal.estimates.validUntil", defaultMessage: "{address} · valid until {date}" },
});

/**
 * The customer's estimates: those waiting for their answer (approved or declined on the estimate's own page, the one
 * path of a customer's answer), and those approved.
 */
export function Estimates(props: { estimates: PortalEstimates; timeZone: string; offline: boolean }) {
  const { estimates, timeZone, offline } = props;
  const words = useTranslator();
  const { t } = words;
  /** What an estimate asks: the approved option's total, one option's total, or the range of its options. */
  const offerText = (e: PortalEstimate) => {
    const chosen =
      e.options.find((o) => o._id === e.approvedOptionId) ?? (e.options.length === 1 ? e.options[0] : null);
    if (chosen) return `${chosen.title}: ${cents(chosen.totalCents)}`;
    const totals = e.options.map((o) => o.totalCents);
    const [low, high] = [cents(Math.min(...totals)), cents(Math.max(...totals))];
    return t(m.options, { count: totals.length, low, high });
  };
  const card = (e: PortalEstimate, waiting: boolean) => (
    <DocCard
      key={e._id}
      name={t(m.name, { number: e.number })}
      pill={t(waiting ? m.waiting : m.approved)}
      waiting={waiting}
      page={{ url: e.url, label: t(waiting ? m.review : m.view) }}
      pdfUrl={e.pdfUrl}
      offline={offline}
    >
      <p className="portal-visit__what">{offerText(e)}</p>
      <p className="portal-muted">
        {e.approval
          ? t(m.approvedBy, { name: e.approval.signedBy, date: dateText(e.approval.at, timeZone, words) })
          : t(m.validUntil, { address: e.address, date: dateText(e.expiresAt, timeZone, words) })}
      </p>
    </DocCard>
  );
  return (
    <DocSection
      id="portal-estimates"
      title={t(m.title)}
      groups={[
        { title: t(m.toApprove), items: estimates.toApprove, render: (e) => card(e, true) },
        { title: t(m.approved), items: estimates.approved, render: (e) => card(e, false) },
      ]}
    />
  );
}
