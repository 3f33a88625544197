import { TIME_SLOTS } from "@contracts/schedule/dates.ts";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { SelectField } from "../form/SelectField.tsx";
import { fieldMessages } from "../booking-fields/messages.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { useAvailability } from "../booking-fields/useAvailability.ts";

const messages = defineMessages({
  label: { id: "public.move.time", defaultMessage: "New time" },
  current: { id: "public.move.current", defaultMessage: "{time} (your current time)" },
  noDate: { id: "public.move.noDate", defaultMessage: "Choose a date to see the free times." },
  checking: { id: "public.move.checking", defaultMessage: "Checking free times…" },
  failed: {
    id: "public.move.failed",
    defaultMessage: "We could not check the free times; we will check yours when you move the appointment.",
  },
  none: { id: "public.move.none", defaultMessage: "No free times on this date. Please choose another day." },
  free: { id: "public.move.free", defaultMessage: "{count} free times on this date." },
});

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
  const { t } = useTranslator();
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
          return { value: time, label: isCurrent ? t(messages.current, { time }) : time, disabled: isCurrent };
        });
  const hint =
    availability?.closedReason ??
    (status === "idle"
      ? t(messages.noDate)
      : status === "loading"
        ? t(messages.checking)
        : status === "failed"
          ? t(messages.failed)
          : options.every((o) => o.disabled)
            ? t(messages.none)
            : t(messages.free, { count: options.filter((o) => !o.disabled).length }));
  return (
    <SelectField
      label={t(messages.label)}
      name="cleaningTime"
      required
      value={options.some((o) => o.value === value && !o.disabled) ? value : ""}
      onChange={onChange}
      options={options}
      placeholder={t(fieldMessages.pickTime)}
      hint={hint}
    />
  );
}
