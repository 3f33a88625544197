import type { DataEnvelope } from "@contracts/common/wire.ts";
import type { Membership } from "@contracts/plans/plan.ts";
import { useCallback, useEffect, useState } from "react";
import { defineMessages, type MessageDescriptor } from "@contracts/i18n/messages.ts";
import { request } from "../../lib/http.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { dayText } from "./format.ts";
import { planMessages, planPriceIn } from "./planWords.ts";
import { PlanInvoices } from "./PlanInvoices.tsx";
import { ServiceTitle } from "./ServiceTitle.tsx";
import { failureIn } from "./failure.ts";

const m = defineMessages({
  title: { id: "public.portal.plan.title", defaultMessage: "Your plan" },
  confirmCancel: {
    id: "public.portal.plan.confirmCancel",
    defaultMessage: "Cancel {plan} at the end of the period you paid for?",
  },
  notCancelled: {
    id: "public.portal.plan.notCancelled",
    defaultMessage: "The plan could not be cancelled. Please try again.",
  },
  endsOn: { id: "public.portal.plan.endsOn", defaultMessage: "on {day}" },
  card: { id: "public.portal.plan.card", defaultMessage: "Card on file:" },
  ending: { id: "public.portal.plan.ending", defaultMessage: "ending {last4}" },
  pay: { id: "public.portal.plan.pay", defaultMessage: "Pay to start your plan" },
  nextVisits: { id: "public.portal.plan.nextVisits", defaultMessage: "Next visits" },
  due: { id: "public.portal.plan.due", defaultMessage: "due {day}" },
  cancel: { id: "public.portal.plan.cancel", defaultMessage: "Cancel at period end" },
});

// How the membership stands, as MEMBERSHIP_STATUS_TEXT says it to the office, in the customer's language.
const STATUS: Record<Membership["status"], MessageDescriptor> = defineMessages({
  pending: { id: "public.portal.plan.status.pending", defaultMessage: "Waiting for payment" },
  active: { id: "public.portal.plan.status.active", defaultMessage: "Active" },
  past_due: { id: "public.portal.plan.status.pastDue", defaultMessage: "Past due" },
  cancelling: { id: "public.portal.plan.status.cancelling", defaultMessage: "Ends at period end" },
  ended: { id: "public.portal.plan.status.ended", defaultMessage: "Ended" },
});

const fetchMine = async () => (await request<DataEnvelope<Membership[]>>("/api/portal/memberships")).data;
const cancelMine = async (id: string) =>
  (
    await request<DataEnvelope<Membership>>(`/api/portal/memberships/${encodeURIComponent(id)}/cancel`, {
      method: "POST",
    })
  ).data;

/**
 * The member's plans on their own page: what the plan is, its next visits, the card on file as the provider tells it,
 * and cancelling at the end of the period. Loaded with its own chunk after the page: most customers have no plan.
 * The page comes from the server with them (PORTAL_HOME_PATHS), so a member's plan takes no read of its own.
 */
export default function MemberPlans({ initial }: { initial?: Membership[] }) {
  // As the server rendered the page with them, when it did: then the page reads them again only after a change.
  const [plans, setPlans] = useState<Membership[] | null>(initial ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const words = useTranslator();
  const { t } = words;
  const load = useCallback(() => {
    fetchMine()
      .then(setPlans)
      .catch(() => setPlans([]));
  }, []);
  const served = initial !== undefined;
  useEffect(() => {
    if (!served) load();
  }, [served, load]);
  const shown = (plans ?? []).filter((m) => m.status !== "ended");
  if (shown.length === 0) return null;

  const cancel = async (membership: Membership) => {
    if (!window.confirm(t(m.confirmCancel, { plan: membership.plan.name }))) return;
    setBusy(true);
    setProblem(null);
    try {
      await cancelMine(membership._id);
      load();
    } catch (error) {
      setProblem(failureIn(t, error, m.notCancelled));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="portal-plan">
      <h2 id="portal-plan">{t(m.title)}</h2>
      {problem && <p className="banner banner-error">{problem}</p>}
      <ul className="portal-list">
        {shown.map((plan) => (
          <li key={plan._id} className="portal-card portal-visit portal-plan">
            <p className="portal-visit__when">
              {plan.plan.name} · {planPriceIn(t, plan.plan)}
            </p>
            <p>
              {t(STATUS[plan.status])}
              {plan.status === "cancelling" &&
                plan.currentPeriodEnd &&
                ` ${t(m.endsOn, { day: dayText(plan.currentPeriodEnd.slice(0, 10), words) })}`}
              {plan.plan.memberDiscountPercent > 0 &&
                ` · ${t(planMessages.discount, { percent: plan.plan.memberDiscountPercent })}`}
            </p>
            <p className="portal-muted">{plan.address}</p>
            {plan.card && (
              <p>
                {t(m.card)} <span className="portal-plan__brand">{plan.card.brand}</span>{" "}
                {t(m.ending, { last4: plan.card.last4 })}
              </p>
            )}
            {plan.status === "pending" && plan.checkoutUrl && (
              <a className="btn btn-accent portal-wide" href={plan.checkoutUrl}>
                {t(m.pay)}
              </a>
            )}
            <PlanInvoices membership={plan} />
            {plan.nextVisits.length > 0 && (
              <>
                <p className="portal-plan__next">{t(m.nextVisits)}</p>
                <ul className="portal-plan__visits">
                  {plan.nextVisits.slice(0, 4).map((v) => (
                    <li key={`${v.serviceType} ${v.dueDate}`}>
                      <ServiceTitle type={v.serviceType} />: {t(m.due, { day: dayText(v.dueDate, words) })}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {(plan.status === "active" || plan.status === "past_due") && (
              <button
                type="button"
                className="btn btn-outline portal-small"
                disabled={busy}
                onClick={() => void cancel(plan)}
              >
                {t(m.cancel)}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
