import type { Booking } from "@contracts/bookings/booking.ts";
import { useId, useState } from "react";
import { failureText } from "../../lib/http.ts";
import { assignJob } from "./api.ts";

export interface TechnicianChoice {
  _id: string;
  name: string;
}

const UNASSIGNED = "";

/** Who does the job: a select of the active technicians (keyboard and touch alike); the server refuses a clash. */
export function AssignTechnician({
  booking,
  technicians,
  onAssigned,
  label = "Technician",
}: {
  booking: Booking;
  technicians: readonly TechnicianChoice[];
  onAssigned: (booking: Booking) => void;
  /** The select's accessible name (a schedule names the job: "Technician for Ann Lee at 9:00 AM"). */
  label?: string;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A technician deactivated since keeps their name on the job until someone else is chosen.
  const choices =
    booking.technicianId && !technicians.some((t) => t._id === booking.technicianId)
      ? [...technicians, { _id: booking.technicianId, name: booking.technicianName ?? "Former technician" }]
      : technicians;

  async function change(technicianId: string) {
    setBusy(true);
    setError(null);
    try {
      onAssigned(await assignJob(booking._id, technicianId === UNASSIGNED ? null : technicianId));
    } catch (e) {
      setError(failureText(e, { otherwise: "The job was not assigned. Please try again." }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="adm-assign">
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="input adm-assign__select"
        value={booking.technicianId ?? UNASSIGNED}
        disabled={busy}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => void change(e.target.value)}
      >
        <option value={UNASSIGNED}>Unassigned</option>
        {choices.map((t) => (
          <option key={t._id} value={t._id}>
            {t.name}
          </option>
        ))}
      </select>
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
