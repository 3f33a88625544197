import type { Property } from "@contracts/customers/customer.ts";
import { useId, useState, type FormEvent } from "react";
import { StateSelect, UnitSelect, UnitTypeSelect } from "../../components/booking-fields/index.ts";
import { DialogActions } from "../../components/form/DialogActions.tsx";
import { TextField } from "../../components/form/Field.tsx";
import { Modal } from "../../components/Modal.tsx";
import { failureText } from "../../lib/http.ts";
import { useProfile } from "../../lib/profile.tsx";
import { saveProperty } from "./api.ts";
import {
  emptyProperty,
  propertyToFields,
  toPropertyInput,
  type PropertyErrors,
  type PropertyFields,
} from "./propertyForm.ts";

interface Props {
  customerId: string;
  /** Edit mode when given; Add property otherwise. */
  property?: Property;
  onSaved: () => void;
  onClose: () => void;
}

/** Add or edit a service address: where it is, what the technician must know at the door, and what is installed. */
export function PropertyFormDialog({ customerId, property, onSaved, onClose }: Props) {
  const uid = useId();
  const profile = useProfile();
  const [fields, setFields] = useState<PropertyFields>(() =>
    property ? propertyToFields(property) : emptyProperty(profile.address.state),
  );
  const [errors, setErrors] = useState<PropertyErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<PropertyFields>) => setFields((f) => ({ ...f, ...patch }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const checked = toPropertyInput(fields);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await saveProperty(customerId, checked.input, property?._id);
      onSaved();
    } catch (error) {
      setProblem(failureText(error, { otherwise: "The property could not be saved. Please try again." }));
      setSaving(false);
    }
  }

  return (
    <Modal title={property ? "Edit property" : "Add property"} onClose={onClose} className="adm">
      <form className="cust-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField
          id={`${uid}-street`}
          label="Street"
          required
          autoComplete="off"
          maxLength={200}
          value={fields.street}
          error={errors.street}
          onChange={(street) => set({ street })}
        />
        <div className="cust-form__cols">
          <TextField
            id={`${uid}-city`}
            label="City"
            required
            autoComplete="off"
            maxLength={100}
            value={fields.city}
            error={errors.city}
            onChange={(city) => set({ city })}
          />
          <StateSelect
            id={`${uid}-state`}
            required
            value={fields.state}
            error={errors.state}
            onChange={(state) => set({ state })}
          />
          <TextField
            id={`${uid}-zip`}
            label="ZIP Code"
            required
            inputMode="numeric"
            maxLength={10}
            value={fields.zip}
            error={errors.zip}
            onChange={(zip) => set({ zip })}
          />
        </div>
        <TextField
          id={`${uid}-access`}
          label="Access notes"
          rows={3}
          maxLength={2000}
          value={fields.accessNotes}
          error={errors.accessNotes}
          placeholder="Gate code, pets, where to park, who lets us in"
          onChange={(accessNotes) => set({ accessNotes })}
        />
        <div className="cust-form__cols cust-form__cols--two">
          <UnitTypeSelect
            id={`${uid}-unit-type`}
            value={fields.furnaceOrUnit}
            error={errors.furnaceOrUnit}
            onChange={(furnaceOrUnit) => set({ furnaceOrUnit })}
          />
          <UnitSelect
            id={`${uid}-units`}
            value={fields.units}
            error={errors.units}
            onChange={(units) => set({ units })}
          />
        </div>
        <DialogActions
          saving={saving}
          label={property ? "Save property" : "Add property"}
          onCancel={onClose}
          problem={problem}
        />
      </form>
    </Modal>
  );
}
