import { SelectField, type SelectBaseProps } from "../form/SelectField.tsx";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { fieldMessages } from "./messages.ts";

/** Kinds of equipment a technician may find; 'N/A' is the payload default (SPEC §3). */
export const UNIT_TYPES = ["N/A", "Furnace", "Air Handler", "Heat Pump", "Central AC", "Boiler", "Other"] as const;

interface UnitTypeSelectProps extends SelectBaseProps {
  value: string;
  onChange: (value: string) => void;
}

/** furnaceOrUnit; a stored value outside the list (older bookings, free text) stays selectable. */
export function UnitTypeSelect({ label, value, ...rest }: UnitTypeSelectProps) {
  const { t } = useTranslator();
  const choices: string[] = [...UNIT_TYPES];
  if (value && !choices.includes(value)) choices.push(value);
  return (
    <SelectField
      {...rest}
      label={label ?? t(fieldMessages.unitType)}
      value={value}
      options={choices.map((t) => ({ value: t, label: t }))}
    />
  );
}
