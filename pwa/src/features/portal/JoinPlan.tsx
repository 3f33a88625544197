import type { DataEnvelope } from "@contracts/common/wire.ts";
import type { JoinOffer, Membership } from "@contracts/plans/plan.ts";
import { useEffect, useState } from "react";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { request } from "../../lib/http.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { everyIn, planMessages, planPriceIn } from "./planWords.ts";
import { ServiceTitle } from "./ServiceTitle.tsx";
import { failureIn } from "./failure.ts";

const m = defineMessages({
  title: { id: "public.portal.join.title", defaultMessage: "Service plans" },
  lead: {
    id: "public.portal.join.lead",
    defaultMessage: "Regular care at a set price, renewed on its own: cancel at the end of any period.",
  },
  failed: { id: "public.portal.join.failed", defaultMessage: "Joining did not work. Please try again." },
  forLabel: { id: "public.portal.join.for", defaultMessage: "For" },
  forAddress: { id: "public.portal.join.forAddress", defaultMessage: "For {address}" },
  opening: { id: "public.portal.join.opening", defaultMessage: "Opening the payment page…" },
  join: { id: "public.portal.join.join", defaultMessage: "Join {plan}" },
});

const fetchOffer = async () => (await request<DataEnvelope<JoinOffer>>("/api/portal/memberships/offer")).data;
const joinPlan = async (planId: string, propertyId: string) =>
  (
    await request<DataEnvelope<Membership>>("/api/portal/memberships", {
      method: "POST",
      body: { planId, propertyId },
    })
  ).data;

/**
 * The plans a customer may join from their own page, for a property of theirs without one: joining goes on to the
 * card payment page, and the plan starts when it is paid. Nothing shows without a plan on sale, a property to put it
 * on, or card payment set up. A chunk of its own; the server renders the page with the offer.
 */
export default function JoinPlan({
  initial,
  go = (url: string) => window.location.assign(url),
}: {
  /** The offer as the server rendered the page with it, when it did. */
  initial?: JoinOffer;
  go?: (url: string) => void;
}) {
  const [offer, setOffer] = useState<JoinOffer | null>(initial ?? null);
  const [propertyId, setPropertyId] = useState(initial?.properties[0]?._id ?? "");
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { t } = useTranslator();
  const served = initial !== undefined;
  useEffect(() => {
    if (served) return;
    fetchOffer()
      .then((o) => {
        setOffer(o);
        setPropertyId(o.properties[0]?._id ?? "");
      })
      .catch(() => setOffer(null));
  }, [served]);
  if (!offer || !offer.online || offer.plans.length === 0 || offer.properties.length === 0) return null;

  const join = async (planId: string) => {
    setBusy(planId);
    setProblem(null);
    try {
      const m = await joinPlan(planId, propertyId);
      if (m.checkoutUrl) go(m.checkoutUrl);
    } catch (error) {
      setProblem(failureIn(t, error, m.failed));
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="portal-join">
      <h2 id="portal-join">{t(m.title)}</h2>
      <p className="portal-muted">{t(m.lead)}</p>
      {problem && <p className="banner banner-error">{problem}</p>}
      {offer.properties.length > 1 && (
        <label className="portal-join__property">
          {t(m.forLabel)}
          <select value={propertyId} onChange={(e) => setPropertyId(e.target.value)}>
            {offer.properties.map((p) => (
              <option key={p._id} value={p._id}>
                {p.address}
              </option>
            ))}
          </select>
        </label>
      )}
      <ul className="portal-list">
        {offer.plans.map((plan) => (
          <li key={plan._id} className="portal-card portal-visit portal-plan">
            <p className="portal-visit__when">
              {plan.name} · {planPriceIn(t, plan)}
            </p>
            {plan.description && <p>{plan.description}</p>}
            <ul className="portal-plan__visits">
              {plan.visits.map((v) => (
                <li key={v.serviceType}>
                  <ServiceTitle type={v.serviceType} /> {everyIn(t, v.everyMonths)}
                </li>
              ))}
              {plan.memberDiscountPercent > 0 && (
                <li>{t(planMessages.discount, { percent: plan.memberDiscountPercent })}</li>
              )}
            </ul>
            {offer.properties.length === 1 && (
              <p className="portal-muted">{t(m.forAddress, { address: offer.properties[0]!.address })}</p>
            )}
            <button
              type="button"
              className="btn btn-accent portal-wide"
              disabled={busy !== null}
              onClick={() => void join(plan._id)}
            >
              {busy === plan._id ? t(m.opening) : t(m.join, { plan: plan.name })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
