// First, so that the area's own styles come after the shared ones they build on.
import "../../styles/staff.css";
import type { Plan } from "@contracts/plans/plan.ts";
import { useState } from "react";
import { Link } from "../../components/Link.tsx";
import { byNumber, byText, DataTable, type Column } from "../../components/DataTable.tsx";
import { LoadState } from "../../components/LoadState.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { serviceName } from "../../lib/format.ts";
import { failureText } from "../../lib/http.ts";
import { useServices } from "../../lib/services.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { fetchPlans, setPlanActive } from "./api.ts";
import { PlanFormModal } from "./PlanFormModal.tsx";
import { everyText, planPrice } from "../../components/plans/planText.ts";
import "../../components/StatusBadge.css";
import "./PlansPage.css";

const ordered = (plans: Plan[]) =>
  [...plans].sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name, "en-US"));

/**
 * /dashboard/settings/plans (Settings → Plans): the service plans the business sells. Admins add and edit them; a
 * plan is archived rather than removed, and its members keep it until they end.
 */
export default function PlansPage() {
  const plans = useLoad(fetchPlans);
  const { services } = useServices();
  const [editing, setEditing] = useState<Plan | "new" | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const saved = (plan: Plan, text: string) => {
    plans.update((all) => ordered([...all.filter((p) => p._id !== plan._id), plan]));
    setNotice({ ok: true, text });
  };
  const toggle = async (plan: Plan) => {
    setBusy(plan._id);
    setNotice(null);
    try {
      const next = await setPlanActive(plan, !plan.active);
      saved(next, next.active ? `${next.name} is sold again.` : `${next.name} is archived: its members keep it.`);
    } catch (error) {
      setNotice({ ok: false, text: failureText(error, { otherwise: "The plan could not be changed." }) });
    } finally {
      setBusy(null);
    }
  };

  const columns: Column<Plan>[] = [
    {
      key: "name",
      header: "Plan",
      cell: (p) => (
        <span className="plans__name">
          <span className="adm-table__strong">{p.name}</span>
          {p.description && <span className="plans__description">{p.description}</span>}
        </span>
      ),
      compare: byText((p) => p.name),
    },
    {
      key: "visits",
      header: "Visits included",
      cell: (p) =>
        p.visits.length === 0
          ? "None"
          : p.visits
              .map((v) => `${serviceName(v.serviceType, services)} ×${v.units}, ${everyText(v.everyMonths)}`)
              .join("; "),
    },
    { key: "price", header: "Price", cell: planPrice, compare: byNumber((p) => p.priceCents) },
    { key: "discount", header: "Member discount", cell: (p) => `${p.memberDiscountPercent} %` },
    {
      key: "active",
      header: "Status",
      cell: (p) =>
        p.active ? (
          <span className="adm-badge adm-badge--confirmed">Active</span>
        ) : (
          <span className="adm-badge adm-badge--cancelled">Archived</span>
        ),
    },
  ];

  return (
    <div className="adm adm-dashboard plans">
      <PageHeader
        title="Plans"
        lead="Service plans sold as memberships: the visits they include, their price, the member discount."
        actions={
          <>
            <Link className="btn btn-outline" to="/dashboard/settings">
              Settings
            </Link>
            <button type="button" className="btn btn-primary" onClick={() => setEditing("new")}>
              Add Plan
            </button>
          </>
        }
      />
      <div role="status" aria-live="polite">
        {notice && <p className={notice.ok ? "banner banner-success" : "banner banner-error"}>{notice.text}</p>}
      </div>
      <LoadState
        load={plans}
        loading="Loading the plans..."
        failed="The plans could not be loaded. Check the connection and try again."
        onRetry={plans.reload}
      >
        {(all) => (
          <DataTable
            caption="Service plans"
            columns={columns}
            rows={all}
            rowKey={(p) => p._id}
            empty="No plans yet. Add one, such as a yearly dryer vent and HVAC tune-up plan."
            busy={(p) => busy === p._id}
            actions={(p) => (
              <div className="adm-row-actions">
                <button type="button" className="btn btn-outline adm-btn-small" onClick={() => setEditing(p)}>
                  Edit<span className="visually-hidden"> {p.name}</span>
                </button>
                <button
                  type="button"
                  className={p.active ? "btn adm-btn-small adm-btn-danger" : "btn btn-outline adm-btn-small"}
                  disabled={busy === p._id}
                  onClick={() => void toggle(p)}
                >
                  {p.active ? "Archive" : "Restore"}
                  <span className="visually-hidden"> {p.name}</span>
                </button>
              </div>
            )}
          />
        )}
      </LoadState>
      {editing && (
        <PlanFormModal
          plan={editing === "new" ? undefined : editing}
          services={services}
          onClose={() => setEditing(null)}
          onSaved={(plan) => {
            saved(plan, editing === "new" ? `${plan.name} was added.` : `${plan.name} was saved.`);
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}
