import type { Plan, PlanPeriod, PlanVisit } from "@contracts/plans/plan.ts";
import { MAX_PLAN_DESCRIPTION, MAX_PLAN_NAME } from "@contracts/plans/schemas.ts";
import type { Service } from "@contracts/services/service.ts";
import { useState, type FormEvent } from "react";
import { DialogActions } from "../../components/form/DialogActions.tsx";
import { TextField } from "../../components/form/Field.tsx";
import { SelectField } from "../../components/form/SelectField.tsx";
import { Modal } from "../../components/Modal.tsx";
import { failureText } from "../../lib/http.ts";
import { savePlan } from "./api.ts";

interface Fields {
  name: string;
  description: string;
  price: string;
  period: PlanPeriod;
  discount: string;
  visits: PlanVisit[];
}

const fieldsOf = (plan?: Plan): Fields =>
  plan
    ? {
        name: plan.name,
        description: plan.description,
        price: (plan.priceCents / 100).toFixed(2),
        period: plan.period,
        discount: String(plan.memberDiscountPercent),
        visits: plan.visits,
      }
    : { name: "", description: "", price: "", period: "year", discount: "0", visits: [] };

/** Add or edit a plan: what it is, the visits it includes, its price per period and the member discount. */
export function PlanFormModal({
  plan,
  services,
  onSaved,
  onClose,
}: {
  plan?: Plan;
  services: readonly Service[];
  onSaved: (plan: Plan) => void;
  onClose: () => void;
}) {
  const [fields, setFields] = useState<Fields>(() => fieldsOf(plan));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Fields>) => setFields((f) => ({ ...f, ...patch }));
  const setVisit = (i: number, patch: Partial<PlanVisit>) =>
    set({ visits: fields.visits.map((v, j) => (j === i ? { ...v, ...patch } : v)) });
  const options = services.map((s) => ({ value: s._id, label: s.title }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const priceCents = Math.round(Number(fields.price) * 100);
    if (!fields.name.trim()) return setProblem("Name is required");
    if (!Number.isFinite(priceCents) || priceCents <= 0) return setProblem("Enter the price per period in dollars");
    setProblem(null);
    setBusy(true);
    try {
      const input = {
        name: fields.name,
        description: fields.description,
        visits: fields.visits,
        priceCents,
        period: fields.period,
        memberDiscountPercent: Number(fields.discount) || 0,
        active: plan?.active ?? true,
      };
      onSaved(await savePlan(input, plan?._id));
    } catch (error) {
      setProblem(failureText(error, { otherwise: "The plan could not be saved. Please try again." }));
      setBusy(false);
    }
  }

  return (
    <Modal title={plan ? "Edit Plan" : "Add Plan"} onClose={onClose} className="adm">
      <form className="plan-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField
          id="plan-name"
          label="Name"
          required
          maxLength={MAX_PLAN_NAME}
          value={fields.name}
          onChange={(name) => set({ name })}
        />
        <TextField
          id="plan-description"
          label="Description"
          rows={2}
          maxLength={MAX_PLAN_DESCRIPTION}
          value={fields.description}
          onChange={(description) => set({ description })}
        />
        <div className="plan-form__row">
          <TextField
            id="plan-price"
            label="Price per period ($)"
            required
            inputMode="decimal"
            value={fields.price}
            onChange={(price) => set({ price })}
          />
          <SelectField
            id="plan-period"
            label="Period"
            value={fields.period}
            options={[
              { value: "month", label: "Monthly" },
              { value: "year", label: "Yearly" },
            ]}
            onChange={(period) => set({ period: period as PlanPeriod })}
          />
          <TextField
            id="plan-discount"
            label="Member discount (%)"
            inputMode="decimal"
            value={fields.discount}
            onChange={(discount) => set({ discount })}
          />
        </div>
        <fieldset className="plan-form__visits">
          <legend>Visits included</legend>
          {fields.visits.map((visit, i) => (
            <div className="plan-form__visit" key={i}>
              <SelectField
                id={`plan-visit-${i}-service`}
                label="Service"
                value={visit.serviceType}
                options={options}
                onChange={(serviceType) => setVisit(i, { serviceType })}
              />
              <TextField
                id={`plan-visit-${i}-units`}
                label="Units"
                inputMode="numeric"
                value={String(visit.units)}
                onChange={(units) => setVisit(i, { units: Number(units) || 1 })}
              />
              <TextField
                id={`plan-visit-${i}-every`}
                label="Every (months)"
                inputMode="numeric"
                value={String(visit.everyMonths)}
                onChange={(everyMonths) => setVisit(i, { everyMonths: Number(everyMonths) || 1 })}
              />
              <button
                type="button"
                className="btn btn-outline adm-btn-small"
                onClick={() => set({ visits: fields.visits.filter((_, j) => j !== i) })}
              >
                Remove<span className="visually-hidden"> visit {i + 1}</span>
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn btn-outline adm-btn-small"
            disabled={options.length === 0}
            onClick={() =>
              set({ visits: [...fields.visits, { serviceType: options[0]!.value, units: 1, everyMonths: 12 }] })
            }
          >
            Add Visit
          </button>
        </fieldset>
        <DialogActions problem={problem} saving={busy} label={plan ? "Save Plan" : "Add Plan"} onCancel={onClose} />
      </form>
    </Modal>
  );
}
