import { WEEKDAY_NAMES } from "@contracts/schedule/hours-text.ts";
import { WEEKDAYS } from "@contracts/schedule/rules.ts";
import type { StaffMember } from "@contracts/staff/staff.ts";
import { useCallback, useId, useState, type FormEvent } from "react";
import { Modal } from "../../components/Modal.tsx";
import { DialogActions } from "../../components/form/DialogActions";
import { Field, TextField } from "../../components/form/Field.tsx";
import { failureText } from "../../lib/http.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { LoadState } from "../../components/LoadState.tsx";
import { fetchHours, saveHours } from "./api.ts";
import { hoursFieldsOf, hoursOf, type HoursFields } from "./hoursForm.ts";

interface Props {
  member: StaffMember;
  onClose: () => void;
  onSaved: (member: StaffMember) => void;
}

/** A technician's working days and hours, and their days off: outside them the board refuses a move. */
export function HoursModal({ member, onClose, onSaved }: Props) {
  const load = useLoad(useCallback(() => fetchHours(member._id), [member._id]));
  return (
    <Modal title={`Working hours of ${member.name}`} onClose={onClose} className="adm">
      <LoadState load={load} loading="Loading hours..." failed="The working hours could not be loaded.">
        {(hours) => <HoursForm member={member} initial={hoursFieldsOf(hours)} onClose={onClose} onSaved={onSaved} />}
      </LoadState>
    </Modal>
  );
}

function HoursForm({ member, initial, onClose, onSaved }: Props & { initial: HoursFields }) {
  const [fields, setFields] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const checked = hoursOf(fields);
    if ("problem" in checked) {
      setError(checked.problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await saveHours(member._id, checked.hours);
      onSaved(member);
    } catch (err) {
      setError(failureText(err, { otherwise: "The working hours were not saved. Please try again." }));
      setBusy(false);
    }
  }

  return (
    <form className="adm-staff__form" onSubmit={(e) => void onSubmit(e)} noValidate>
      {error && (
        <p className="banner banner-error" role="alert">
          {error}
        </p>
      )}
      {WEEKDAYS.map((day) => {
        const hours = fields.week[day];
        const set = (next: Partial<typeof hours>) =>
          setFields((f) => ({ ...f, week: { ...f.week, [day]: { ...f.week[day], ...next } } }));
        return (
          <fieldset key={day} className="adm-staff__day">
            <legend className="visually-hidden">{WEEKDAY_NAMES[day]}</legend>
            <label className="adm-staff__works">
              <input type="checkbox" checked={hours.works} onChange={(e) => set({ works: e.target.checked })} />
              <span>{WEEKDAY_NAMES[day]}</span>
            </label>
            {hours.works && (
              <>
                <TimeField
                  label={`${WEEKDAY_NAMES[day]} starts`}
                  value={hours.start}
                  onChange={(start) => set({ start })}
                />
                <TimeField label={`${WEEKDAY_NAMES[day]} ends`} value={hours.end} onChange={(end) => set({ end })} />
              </>
            )}
          </fieldset>
        );
      })}
      <TextField
        label="Days off"
        hint="Dates like 2026-12-24, separated by commas."
        value={fields.daysOff}
        onChange={(daysOff) => setFields((f) => ({ ...f, daysOff }))}
      />
      <DialogActions saving={busy} label="Save Hours" savingLabel="Saving..." onCancel={onClose} />
    </form>
  );
}

/** A time on the quarter hour ("07:30"), as the hours are kept. */
function TimeField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <Field id={id} label={label}>
      <input
        id={id}
        className="input"
        type="time"
        step={900}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
