import type { DataEnvelope } from "@contracts/common/wire.ts";
import type { Membership } from "@contracts/plans/plan.ts";
import { useCallback, useEffect, useState } from "react";
import { MEMBERSHIP_STATUS_TEXT, planPrice } from "../../components/plans/planText.ts";
import { serviceName } from "../../lib/format.ts";
import { failureText, request } from "../../lib/http.ts";
import { useServices } from "../../lib/services.ts";
import { dayText } from "./format.ts";

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
  const { services } = useServices();
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

  const cancel = async (m: Membership) => {
    if (!window.confirm(`Cancel ${m.plan.name} at the end of the period you paid for?`)) return;
    setBusy(true);
    setProblem(null);
    try {
      await cancelMine(m._id);
      load();
    } catch (error) {
      setProblem(failureText(error, { otherwise: "The plan could not be cancelled. Please try again." }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="portal-plan">
      <h2 id="portal-plan">Your plan</h2>
      {problem && <p className="banner banner-error">{problem}</p>}
      <ul className="portal-list">
        {shown.map((m) => (
          <li key={m._id} className="portal-card portal-visit portal-plan">
            <p className="portal-visit__when">
              {m.plan.name} · {planPrice(m.plan)}
            </p>
            <p>
              {MEMBERSHIP_STATUS_TEXT[m.status]}
              {m.status === "cancelling" && m.currentPeriodEnd && ` on ${dayText(m.currentPeriodEnd.slice(0, 10))}`}
              {m.plan.memberDiscountPercent > 0 && ` · ${m.plan.memberDiscountPercent} % off any other work`}
            </p>
            <p className="portal-muted">{m.address}</p>
            {m.card && (
              <p>
                Card on file: <span className="portal-plan__brand">{m.card.brand}</span> ending {m.card.last4}
              </p>
            )}
            {m.status === "pending" && m.checkoutUrl && (
              <a className="btn btn-accent portal-wide" href={m.checkoutUrl}>
                Pay to start your plan
              </a>
            )}
            {m.nextVisits.length > 0 && (
              <>
                <p className="portal-plan__next">Next visits</p>
                <ul className="portal-plan__visits">
                  {m.nextVisits.slice(0, 4).map((v) => (
                    <li key={`${v.serviceType} ${v.dueDate}`}>
                      {serviceName(v.serviceType, services)}: due {dayText(v.dueDate)}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {(m.status === "active" || m.status === "past_due") && (
              <button
                type="button"
                className="btn btn-outline portal-small"
                disabled={busy}
                onClick={() => void cancel(m)}
              >
                Cancel at period end
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
