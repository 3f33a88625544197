import { UNIT_CHOICES } from "@contracts/bookings/pricing.ts";
import { SelectField, type SelectBaseProps } from "../form/SelectField.tsx";

interface UnitSelectProps extends SelectBaseProps {
  value: number;
  onChange: (value: number) => void;
}

const unitLabel = (n: number) => `${n} ${n === 1 ? "unit" : "units"}`;

/** 1 to 5 units; a stored booking with more units (the price rule allows 10) keeps its value listed. */
export function UnitSelect({ label = "Number of Units", value, onChange, ...rest }: UnitSelectProps) {
  const choices: number[] = [...UNIT_CHOICES];
  if (!choices.includes(value)) choices.push(value);
  return (
    <SelectField
      {...rest}
      label={label}
      value={String(value)}
      options={choices.map((n) => ({ value: String(n), label: unitLabel(n) }))}
      onChange={(v) => onChange(Number(v))}
    />
  );
}
