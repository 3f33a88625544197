import type { StaffMember } from "@contracts/staff/staff.ts";
import { useState, type FormEvent } from "react";
import { Modal } from "../../components/Modal.tsx";
import { Field } from "../../components/form/Field.tsx";
import { SelectField } from "../../components/form/SelectField.tsx";
import { TextField } from "../../components/form/Field.tsx";
import { failureText } from "../../lib/http.ts";
import { addStaff, type NewStaff } from "./api.ts";
import { ROLE_OPTIONS } from "./roles.ts";
import { DialogActions } from "../../components/form/DialogActions";

const DEFAULT_COLOR = "#1f7a8c";

/** Each language by its own name, as the switch on the public site writes them. */
const LANGUAGE_OPTIONS = [
  { value: "en", label: "English" },
  { value: "es", label: "Español" },
] as const;

/**
 * Add Staff Member: name, e-mail, phone, role, colour and the language they work in; the server e-mails the
 * invitation in that language.
 */
export function AddStaffModal({ onClose, onAdded }: { onClose: () => void; onAdded: (member: StaffMember) => void }) {
  const [fields, setFields] = useState<Required<NewStaff>>({
    name: "",
    email: "",
    phone: "",
    role: "technician",
    color: DEFAULT_COLOR,
    locale: "en",
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof NewStaff) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!fields.name.trim() || !fields.email.trim()) {
      setError("Name and e-mail are required.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { phone, ...rest } = fields;
      onAdded(
        await addStaff({
          ...rest,
          name: rest.name.trim(),
          email: rest.email.trim(),
          ...(phone.trim() ? { phone: phone.trim() } : {}),
        }),
      );
    } catch (err) {
      setError(failureText(err, { otherwise: "The staff member was not added. Please try again." }));
      setBusy(false);
    }
  }

  return (
    <Modal title="Add Staff Member" onClose={onClose} className="adm">
      <form className="adm-staff__form" onSubmit={(e) => void onSubmit(e)} noValidate>
        {error && (
          <p className="banner banner-error" role="alert">
            {error}
          </p>
        )}
        <TextField label="Name" required value={fields.name} onChange={set("name")} autoComplete="off" />
        <TextField
          label="E-mail"
          type="email"
          required
          value={fields.email}
          onChange={set("email")}
          autoComplete="off"
        />
        <TextField label="Phone" type="tel" value={fields.phone} onChange={set("phone")} autoComplete="off" />
        <SelectField label="Role" value={fields.role} options={ROLE_OPTIONS} onChange={set("role")} />
        <SelectField
          label="Language"
          value={fields.locale}
          options={LANGUAGE_OPTIONS}
          onChange={set("locale")}
          hint="The language of their screens and their invitation. They can change it in their account."
        />
        <Field id="staff-color" label="Colour on the schedule">
          <input
            id="staff-color"
            className="adm-staff__color"
            type="color"
            value={fields.color}
            onChange={(e) => set("color")(e.target.value)}
          />
        </Field>
        <p className="adm-staff__hint">
          They receive an e-mail with a link to choose their password, valid for 7 days.
        </p>
        <DialogActions saving={busy} label="Add and Invite" savingLabel="Sending invitation..." onCancel={onClose} />
      </form>
    </Modal>
  );
}
