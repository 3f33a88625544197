import { BOOKING_MESSAGES } from "@contracts/bookings/messages.ts";
import { DEFAULT_BOOKING_RULES, type BookingRules } from "@contracts/schedule/rules.ts";
import { closedDayProblem, slotsOnDate, weekSlots } from "@contracts/schedule/dates.ts";
import { SelectField, type SelectBaseProps } from "../form/SelectField.tsx";
import { useAvailability } from "./useAvailability.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { fieldMessages } from "./messages.ts";

interface TimeSlotSelectProps extends SelectBaseProps {
  /** The chosen date (ISO); its availability disables the full slots. */
  date: string;
  value: string;
  onChange: (value: string) => void;
  /** A slot that stays enabled though full, e.g. the one an edited booking already holds. */
  keepEnabled?: string;
  /** Change it to fetch availability again (e.g. after a 409 full-slot answer). */
  refreshKey?: number;
  /** The opening hours the slots follow, and the closed dates the date field explains. */
  rules?: Pick<BookingRules, "hours" | "closedDates">;
}

/**
 * The hourly slots of the chosen date's opening hours (every slot of the week before a date is chosen); a slot with
 * no remaining capacity on the date is disabled and marked full.
 */
export function TimeSlotSelect({
  label,
  date,
  value,
  keepEnabled,
  refreshKey,
  hint,
  rules = DEFAULT_BOOKING_RULES,
  ...rest
}: TimeSlotSelectProps) {
  const { t } = useTranslator();
  const { status, availability } = useAvailability(date, refreshKey);
  const remaining = new Map(availability?.slots.map((s) => [s.time, s.remaining]));
  // A closed day keeps the week's slots, so the form's submit can say why the day cannot be booked.
  const onDate = date ? slotsOnDate(date, rules) : [];
  const slots = onDate.length > 0 ? onDate : weekSlots(rules);
  // An edited booking keeps its own time even when the hours have changed since.
  if (keepEnabled && value === keepEnabled && !slots.includes(keepEnabled)) slots.push(keepEnabled);
  const options = slots.map((time) => {
    const full = remaining.get(time) === 0 && time !== keepEnabled;
    return { value: time, label: full ? t(fieldMessages.full, { time }) : time, disabled: full };
  });
  const chosenIsFull = options.some((o) => o.value === value && o.disabled);
  // A day our own rules close is explained by the date field; said again here, it would be read twice. A closure
  // only the server knows (a profile older than the owner's last change) is said here.
  const ownHint =
    (date && closedDayProblem(date, rules) ? t(fieldMessages.otherDate) : null) ??
    availability?.closedReason ??
    (chosenIsFull
      ? BOOKING_MESSAGES.slotFull
      : status === "loading"
        ? t(fieldMessages.checking)
        : !date
          ? t(fieldMessages.noDate)
          : undefined);
  return (
    <SelectField
      {...rest}
      label={label ?? t(fieldMessages.time)}
      value={value}
      options={options}
      placeholder={t(fieldMessages.pickTime)}
      hint={hint ?? ownHint}
    />
  );
}
