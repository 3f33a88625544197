import { UNIT_CHOICES } from "@contracts/bookings/pricing.ts";
import { SelectField, type SelectBaseProps } from "../form/SelectField.tsx";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { fieldMessages, unitsText } from "./messages.ts";

interface UnitSelectProps extends SelectBaseProps {
  value: number;
  onChange: (value: number) => void;
}

/** 1 to 5 units; a stored booking with more units (the price rule allows 10) keeps its value listed. */
export function UnitSelect({ label, value, onChange, ...rest }: UnitSelectProps) {
  const { t } = useTranslator();
  const choices: number[] = [...UNIT_CHOICES];
  if (!choices.includes(value)) choices.push(value);
  return (
    <SelectField
      {...rest}
      label={label ?? t(fieldMessages.units)}
      value={String(value)}
      options={choices.map((n) => ({ value: String(n), label: unitsText(t, n) }))}
      onChange={(v) => onChange(Number(v))}
    />
  );
}
