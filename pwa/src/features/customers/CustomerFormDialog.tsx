import type { Customer } from "@contracts/customers/customer.ts";
import { useId, useState, type FormEvent } from "react";
import { DialogActions } from "../../components/form/DialogActions.tsx";
import { TextField } from "../../components/form/Field.tsx";
import { SelectField } from "../../components/form/SelectField.tsx";
import { Modal } from "../../components/Modal.tsx";
import { ApiError, failureText } from "../../lib/http.ts";
import { updateCustomer } from "./api.ts";
import {
  customerToFields,
  PHONE_LABELS,
  toCustomerUpdate,
  type CustomerErrors,
  type CustomerFields,
} from "./customerForm.ts";

const LABEL_OPTIONS = PHONE_LABELS.map((l) => ({ value: l, label: l.charAt(0).toUpperCase() + l.slice(1) }));

interface Props {
  customer: Customer;
  onSaved: (customer: Customer) => void;
  /** Someone else saved the record since it was read (409): the page reads it again. */
  onStale: (message: string) => void;
  onClose: () => void;
}

/** The contact card's Edit: name, e-mails (the first is where mail goes), phones with labels, notes and tags. */
export function CustomerFormDialog({ customer, onSaved, onStale, onClose }: Props) {
  const uid = useId();
  const [fields, setFields] = useState<CustomerFields>(() => customerToFields(customer));
  const [errors, setErrors] = useState<CustomerErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<CustomerFields>) => setFields((f) => ({ ...f, ...patch }));
  const setEmail = (i: number, value: string) => set({ emails: fields.emails.map((e, j) => (j === i ? value : e)) });
  const setPhone = (i: number, patch: Partial<CustomerFields["phones"][number]>) =>
    set({ phones: fields.phones.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
  const allRows = (key: "emails" | "phones", i: number) => errors[`${key}.${i}`] ?? null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const checked = toCustomerUpdate(fields, customer.version);
    if (!checked.ok) {
      setErrors(checked.errors);
      setProblem(checked.errors.emails ?? checked.errors.phones ?? "Please correct the highlighted fields.");
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      onSaved(await updateCustomer(customer._id, checked.update));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        onStale(
          "Someone else changed this customer while you were editing. Their version is shown now; make your change again.",
        );
        return;
      }
      setProblem(failureText(error, { otherwise: "The customer could not be saved. Please try again." }));
      setSaving(false);
    }
  }

  return (
    <Modal title="Edit Customer" onClose={onClose} size="wide" className="adm">
      <form className="cust-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField
          id={`${uid}-name`}
          label="Name"
          required
          maxLength={120}
          value={fields.name}
          error={errors.name}
          onChange={(name) => set({ name })}
        />
        <fieldset className="cust-form__group">
          <legend className="field-label">E-mails</legend>
          <p className="field-hint">The first is where confirmations and invoices go.</p>
          {fields.emails.map((email, i) => (
            <div key={i} className="cust-form__row">
              <TextField
                id={`${uid}-email-${i}`}
                label={i === 0 ? "Email (primary)" : `Email ${i + 1}`}
                type="email"
                required={i === 0}
                maxLength={254}
                value={email}
                error={allRows("emails", i)}
                onChange={(value) => setEmail(i, value)}
              />
              {i === 0 ? (
                // The primary stays: the same column keeps every row as wide.
                <span aria-hidden="true" />
              ) : (
                <button
                  type="button"
                  className="btn adm-btn-link cust-form__remove"
                  onClick={() => set({ emails: fields.emails.filter((_, j) => j !== i) })}
                >
                  Remove<span className="visually-hidden"> email {i + 1}</span>
                </button>
              )}
            </div>
          ))}
          {fields.emails.length < 5 && (
            <button
              type="button"
              className="btn btn-outline adm-btn-small"
              onClick={() => set({ emails: [...fields.emails, ""] })}
            >
              Add e-mail
            </button>
          )}
        </fieldset>
        <fieldset className="cust-form__group">
          <legend className="field-label">Phones</legend>
          {fields.phones.map((phone, i) => (
            <div key={i} className="cust-form__row cust-form__row--phone">
              <TextField
                id={`${uid}-phone-${i}`}
                label={`Phone ${i + 1}`}
                type="tel"
                maxLength={25}
                value={phone.number}
                error={allRows("phones", i)}
                onChange={(number) => setPhone(i, { number })}
              />
              <SelectField
                id={`${uid}-phone-label-${i}`}
                label="Label"
                value={phone.label}
                options={
                  LABEL_OPTIONS.some((o) => o.value === phone.label)
                    ? LABEL_OPTIONS
                    : [...LABEL_OPTIONS, { value: phone.label, label: phone.label }]
                }
                onChange={(label) => setPhone(i, { label })}
              />
              <button
                type="button"
                className="btn adm-btn-link cust-form__remove"
                onClick={() => set({ phones: fields.phones.filter((_, j) => j !== i) })}
              >
                Remove<span className="visually-hidden"> phone {i + 1}</span>
              </button>
            </div>
          ))}
          {fields.phones.length < 5 && (
            <button
              type="button"
              className="btn btn-outline adm-btn-small"
              onClick={() => set({ phones: [...fields.phones, { number: "", label: "mobile" }] })}
            >
              Add phone
            </button>
          )}
        </fieldset>
        <TextField
          id={`${uid}-notes`}
          label="Notes"
          rows={3}
          maxLength={5000}
          value={fields.notes}
          error={errors.notes}
          hint="For the office: how they like to be reached, who pays, anything worth knowing."
          onChange={(notes) => set({ notes })}
        />
        <TextField
          id={`${uid}-tags`}
          label="Tags"
          value={fields.tags}
          error={errors.tags}
          hint='Separated by commas, e.g. "landlord, VIP".'
          onChange={(tags) => set({ tags })}
        />
        <DialogActions saving={saving} label="Save Customer" onCancel={onClose} problem={problem} />
      </form>
    </Modal>
  );
}
