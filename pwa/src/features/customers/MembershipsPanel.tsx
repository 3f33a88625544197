import { todayIn } from "@contracts/schedule/dates.ts";
import type { CustomerDetail } from "@contracts/customers/customer.ts";
import type { Membership, MembershipPayment, Plan, PlanInvoice } from "@contracts/plans/plan.ts";
import { useCallback, useState, type FormEvent } from "react";
import { DialogActions } from "../../components/form/DialogActions.tsx";
import { TextField } from "../../components/form/Field.tsx";
import { SelectField } from "../../components/form/SelectField.tsx";
import { useDialogSend } from "../../components/form/useDialogSend.ts";
import { cents } from "../../components/estimates/money.ts";
import { Modal } from "../../components/Modal.tsx";
import { Panel } from "../../components/Panel.tsx";
import { MEMBERSHIP_STATUS_TEXT, membershipBadge, planPrice } from "../../components/plans/planText.ts";
import { formatDate, serviceName } from "../../lib/format.ts";
import { failureText } from "../../lib/http.ts";
import { useServices } from "../../lib/services.ts";
import { useProfile } from "../../lib/profile.tsx";
import { useLoad } from "../../lib/useLoad.ts";
import { cancelMembership, enroll, fetchActivePlans, fetchMemberships, recordPlanPayment } from "./membershipsApi.ts";

/**
 * The office's Memberships panel of a customer: their plans, enrolling a property, a plan invoice paid on site,
 * cancelling.
 */
export function MembershipsPanel({ customer }: { customer: CustomerDetail }) {
  const list = useLoad(useCallback(() => fetchMemberships(customer._id), [customer._id]));
  const { services } = useServices();
  const [enrolling, setEnrolling] = useState(false);
  const [paying, setPaying] = useState<PlanInvoice | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const cancel = async (m: Membership, atPeriodEnd: boolean) => {
    // At once gives money back: said before it is done.
    if (!atPeriodEnd && !window.confirm(`End ${m.plan.name} now? The unused part of the period paid is refunded.`)) {
      return;
    }
    setBusy(m._id);
    setNotice(null);
    try {
      const after = await cancelMembership(m._id, atPeriodEnd);
      // Cancelled at once, the history's last line says what the server refunded of the period.
      const said = atPeriodEnd ? MEMBERSHIP_STATUS_TEXT[after.status].toLowerCase() : after.history.at(-1)?.note;
      setNotice({ ok: true, text: `${after.plan.name}: ${said ?? MEMBERSHIP_STATUS_TEXT[after.status]}.` });
      list.refresh();
    } catch (error) {
      setNotice({ ok: false, text: failureText(error, { otherwise: "The membership could not be cancelled." }) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Panel
      id="customer-memberships"
      title="Memberships"
      className="cust-memberships"
      actions={
        <button type="button" className="btn btn-outline adm-btn-small" onClick={() => setEnrolling(true)}>
          Enroll
        </button>
      }
    >
      <div role="status" aria-live="polite">
        {notice && <p className={notice.ok ? "banner banner-success" : "banner banner-error"}>{notice.text}</p>}
      </div>
      {list.state === "ready" && list.data.length === 0 && <p className="adm-empty">No membership yet.</p>}
      {list.state === "failed" && <p className="adm-empty">The memberships could not be loaded.</p>}
      {list.state === "ready" && (
        <ul className="cust-memberships__list">
          {list.data.map((m) => (
            <li key={m._id} className="cust-memberships__item" data-membership-id={m._id}>
              <p className="cust-memberships__head">
                <span className="adm-table__strong">{m.plan.name}</span> · {planPrice(m.plan)}{" "}
                <span className={membershipBadge(m.status)}>{MEMBERSHIP_STATUS_TEXT[m.status]}</span>
              </p>
              <p className="cust-memberships__line">
                {m.address} · since {formatDate(m.start)} · {m.payment === "card-link" ? "by card" : "by invoice"}
                {m.card && ` · ${m.card.brand} ending ${m.card.last4}`}
              </p>
              {m.nextVisits[0] && (
                <p className="cust-memberships__line">
                  Next visit: {serviceName(m.nextVisits[0].serviceType, services)}, due{" "}
                  {formatDate(m.nextVisits[0].dueDate)}
                </p>
              )}
              {m.checkoutUrl && (
                <p className="cust-memberships__line">
                  Card link sent: <a href={m.checkoutUrl}>payment page</a>
                </p>
              )}
              {m.invoices.length > 0 && (
                <p className="cust-memberships__line">
                  Plan invoices:{" "}
                  {m.invoices
                    .map(
                      (i) =>
                        `${i.number}${i.paidCents >= i.amountCents ? " (paid)" : ""}` +
                        (i.refundedCents > 0 ? ` (${cents(i.refundedCents)} refunded)` : ""),
                    )
                    .join(", ")}
                </p>
              )}
              {m.status !== "ended" && (
                <div className="adm-row-actions">
                  {m.payment === "invoice" &&
                    m.invoices
                      .filter((i) => i.paidCents < i.amountCents)
                      .map((i) => (
                        <button
                          key={i._id}
                          type="button"
                          className="btn btn-outline adm-btn-small"
                          onClick={() => setPaying(i)}
                        >
                          Record payment of {i.number}
                        </button>
                      ))}
                  {m.status !== "cancelling" && m.status !== "pending" && (
                    <button
                      type="button"
                      className="btn btn-outline adm-btn-small"
                      disabled={busy === m._id}
                      onClick={() => void cancel(m, true)}
                    >
                      Cancel at period end
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn adm-btn-small adm-btn-danger"
                    disabled={busy === m._id}
                    onClick={() => void cancel(m, false)}
                  >
                    Cancel now
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {paying && (
        <PlanPaymentDialog
          invoice={paying}
          onClose={() => setPaying(null)}
          onDone={() => {
            setPaying(null);
            setNotice({ ok: true, text: `${paying.number} is paid: the receipt was e-mailed to the customer.` });
            list.refresh();
          }}
        />
      )}
      {enrolling && (
        <EnrollDialog
          customer={customer}
          onClose={() => setEnrolling(false)}
          onDone={(m) => {
            setEnrolling(false);
            setNotice({
              ok: true,
              text:
                m.payment === "card-link"
                  ? `Enrolled in ${m.plan.name}: the card link was e-mailed to the customer.`
                  : `Enrolled in ${m.plan.name}: the first plan invoice is issued.`,
            });
            list.refresh();
          }}
        />
      )}
    </Panel>
  );
}

function EnrollDialog({
  customer,
  onClose,
  onDone,
}: {
  customer: CustomerDetail;
  onClose: () => void;
  onDone: (m: Membership) => void;
}) {
  const plans = useLoad(fetchActivePlans);
  const { timeZone } = useProfile();
  const properties = customer.properties.filter((p) => !p.archivedAt);
  const [planId, setPlanId] = useState("");
  const [propertyId, setPropertyId] = useState(properties[0]?._id ?? "");
  const [start, setStart] = useState(() => todayIn(timeZone));
  const [payment, setPayment] = useState<MembershipPayment>("card-link");
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const chosen: Plan | undefined =
    plans.state === "ready" ? (plans.data.find((p) => p._id === planId) ?? plans.data[0]) : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen) return setProblem("Add a plan in Settings → Plans first");
    setSaving(true);
    setProblem(null);
    try {
      onDone(await enroll(customer._id, { planId: chosen._id, propertyId, start, payment }));
    } catch (error) {
      setProblem(failureText(error, { otherwise: "The customer could not be enrolled. Please try again." }));
      setSaving(false);
    }
  }

  return (
    <Modal title="Enroll in a plan" onClose={onClose} className="adm">
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <SelectField
          id="enroll-plan"
          label="Plan"
          value={chosen?._id ?? ""}
          options={
            plans.state === "ready"
              ? plans.data.map((p) => ({ value: p._id, label: `${p.name} (${planPrice(p)})` }))
              : []
          }
          onChange={setPlanId}
        />
        <SelectField
          id="enroll-property"
          label="Property"
          value={propertyId}
          options={properties.map((p) => ({ value: p._id, label: `${p.street}, ${p.city}` }))}
          onChange={setPropertyId}
        />
        <TextField id="enroll-start" label="Start" type="date" value={start} onChange={setStart} />
        <SelectField
          id="enroll-payment"
          label="Payment"
          value={payment}
          options={[
            { value: "card-link", label: "Card link (e-mailed, renews by card)" },
            { value: "invoice", label: "Invoice each period (cash or check)" },
          ]}
          onChange={(value) => setPayment(value as MembershipPayment)}
        />
        <DialogActions problem={problem} saving={saving} label="Enroll" onCancel={onClose} />
      </form>
    </Modal>
  );
}

const noProblems = () => ({});

/** A plan invoice of a membership billed by invoice, paid on site: the whole of it, by cash or check. */
function PlanPaymentDialog({
  invoice,
  onClose,
  onDone,
}: {
  invoice: PlanInvoice;
  onClose: () => void;
  onDone: () => void;
}) {
  const [method, setMethod] = useState<"cash" | "check">("cash");
  const [reference, setReference] = useState("");
  // The whole invoice is paid, so nothing in the draft can be wrong: only the server may refuse it.
  const { saving, problem, send } = useDialogSend(null, noProblems);

  const record = async () => {
    await recordPlanPayment(invoice._id, { method, reference: reference.trim() });
    onDone();
  };
  const onSubmit = (e: FormEvent) =>
    send(e, record, (error) =>
      failureText(error, { otherwise: "The payment could not be recorded. Please try again." }),
    );

  return (
    <Modal title={`Payment of ${invoice.number}`} onClose={onClose} className="adm">
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <p>
          {cents(invoice.amountCents)} for {formatDate(invoice.periodStart)} to {formatDate(invoice.periodEnd)}.
        </p>
        <SelectField
          id="plan-payment-method"
          label="Method"
          value={method}
          options={[
            { value: "cash", label: "Cash" },
            { value: "check", label: "Check" },
          ]}
          onChange={(value) => setMethod(value as "cash" | "check")}
        />
        <TextField
          id="plan-payment-reference"
          label="Reference (optional)"
          value={reference}
          maxLength={100}
          onChange={setReference}
          hint={method === "check" ? "The check's number." : undefined}
        />
        <DialogActions
          problem={problem}
          saving={saving}
          label={`Record ${cents(invoice.amountCents)}`}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
