import { OVERRIDE_MINUTES_LIMITS, type BoardBooking } from "@contracts/schedule/board.ts";
import { useId, useState, type FormEvent } from "react";
import { Modal } from "../../components/Modal.tsx";
import { failureText } from "../../lib/http.ts";
import { fullName } from "../../lib/format.ts";
import { overrideDuration } from "./api.ts";

/** The office's own duration for one job, or back to what its service and units take. */
export function DurationDialog({
  booking,
  onClose,
  onSaved,
}: {
  booking: BoardBooking;
  onClose: () => void;
  onSaved: () => void;
}) {
  const inputId = useId();
  const [minutes, setMinutes] = useState(String(booking.durationMinutes));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { min, max } = OVERRIDE_MINUTES_LIMITS;
  const save = (value: number | null) => {
    setBusy(true);
    setError(null);
    overrideDuration(booking._id, { minutes: value, expectedVersion: booking.version }).then(onSaved, (e: unknown) => {
      setBusy(false);
      setError(failureText(e, { otherwise: "The duration could not be saved." }));
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = Number(minutes);
    if (!Number.isInteger(value) || value < min || value > max) {
      setError(`Enter whole minutes from ${min} to ${max}.`);
      return;
    }
    save(value);
  };
  return (
    <Modal title={`Duration of ${fullName(booking)}'s job`} onClose={onClose} className="adm">
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={inputId}>
            Minutes
          </label>
          <input
            id={inputId}
            className="input"
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={5}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            aria-invalid={error ? true : undefined}
          />
          <p className="field-hint">
            {booking.durationOverrideMinutes === null
              ? "Now as its service and units take."
              : "Set by the office for this job."}
          </p>
        </div>
        {error && (
          <p className="banner banner-error" role="alert">
            {error}
          </p>
        )}
        <div className="dsp-route__actions">
          {booking.durationOverrideMinutes !== null && (
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => save(null)}>
              Use the service's duration
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
