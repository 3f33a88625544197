import { MESSAGES } from "@contracts/messages.ts";
import { TIME_SLOTS } from "@contracts/schedule.ts";
import { SelectField, type SelectBaseProps } from "./SelectField.tsx";
import { useAvailability } from "./useAvailability.ts";

interface TimeSlotSelectProps extends SelectBaseProps {
  /** The chosen date (ISO); its availability disables the full slots. */
  date: string;
  value: string;
  onChange: (value: string) => void;
  /** A slot that stays enabled though full, e.g. the one an edited booking already holds. */
  keepEnabled?: string;
  /** Change it to fetch availability again (e.g. after a 409 full-slot answer). */
  refreshKey?: number;
}

/** The 13 hourly slots; a slot with no remaining capacity on the date is disabled and marked full. */
export function TimeSlotSelect({
  label = "Preferred Time",
  date,
  value,
  keepEnabled,
  refreshKey,
  hint,
  ...rest
}: TimeSlotSelectProps) {
  const { status, availability } = useAvailability(date, refreshKey);
  const remaining = new Map(availability?.slots.map((s) => [s.time, s.remaining]));
  const options = TIME_SLOTS.map((time) => {
    const full = remaining.get(time) === 0 && time !== keepEnabled;
    return { value: time, label: full ? `${time} (full)` : time, disabled: full };
  });
  const chosenIsFull = options.some((o) => o.value === value && o.disabled);
  const ownHint =
    availability?.closedReason ??
    (chosenIsFull
      ? MESSAGES.slotFull
      : status === "loading"
        ? "Checking open times…"
        : !date
          ? "Choose a date to see open times."
          : undefined);
  return (
    <SelectField
      {...rest}
      label={label}
      value={value}
      options={options}
      placeholder="Select a time"
      hint={hint ?? ownHint}
    />
  );
}
