import { TIME_SLOTS } from "@contracts/schedule/dates.ts";
import { SelectField } from "../form/SelectField.tsx";
import { useAvailability } from "../booking-fields/useAvailability.ts";

interface FreeTimeSelectProps {
  date: string;
  value: string;
  onChange: (value: string) => void;
  /** The booking's own slot on its own date: listed as current, not choosable (moving there changes nothing). */
  current: { date: string; time: string };
  /** Change it to ask for availability again (after a full-slot refusal). */
  refreshKey: number;
}

/** Only the times still free on the date, so a customer does not pick a slot the server would refuse. */
export function FreeTimeSelect({ date, value, onChange, current, refreshKey }: FreeTimeSelectProps) {
  const { status, availability } = useAvailability(date, refreshKey);
  const free = availability
    ? availability.slots.filter((s) => s.remaining > 0 || (date === current.date && s.time === current.time))
    : // Availability could not be read: every slot is offered and the server still checks capacity.
      TIME_SLOTS.map((time) => ({ time }));
  const options =
    status === "loading" || status === "idle" || availability?.closedReason
      ? []
      : free.map(({ time }) => {
          const isCurrent = date === current.date && time === current.time;
          return { value: time, label: isCurrent ? `${time} (your current time)` : time, disabled: isCurrent };
        });
  const hint =
    availability?.closedReason ??
    (status === "idle"
      ? "Choose a date to see the free times."
      : status === "loading"
        ? "Checking free times…"
        : status === "failed"
          ? "We could not check the free times; we will check yours when you move the appointment."
          : options.every((o) => o.disabled)
            ? "No free times on this date. Please choose another day."
            : `${options.filter((o) => !o.disabled).length} free times on this date.`);
  return (
    <SelectField
      label="New time"
      name="cleaningTime"
      required
      value={options.some((o) => o.value === value && !o.disabled) ? value : ""}
      onChange={onChange}
      options={options}
      placeholder="Select a time"
      hint={hint}
    />
  );
}
