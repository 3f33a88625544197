import { SelectField, type SelectBaseProps } from "../form/SelectField.tsx";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { fieldMessages } from "./messages.ts";

/**
 * Kinds of equipment a technician may find ('N/A' is the payload default, SPEC §3), each with its words in the
 * reader's language: the value sent and stored stays the English key.
 */
const UNIT_TYPE_LABELS = {
  "N/A": fieldMessages.unitTypeNone,
  Furnace: fieldMessages.unitTypeFurnace,
  "Air Handler": fieldMessages.unitTypeAirHandler,
  "Heat Pump": fieldMessages.unitTypeHeatPump,
  "Central AC": fieldMessages.unitTypeCentralAc,
  Boiler: fieldMessages.unitTypeBoiler,
  Other: fieldMessages.unitTypeOther,
};
type UnitType = keyof typeof UNIT_TYPE_LABELS;
const isListed = (value: string): value is UnitType => Object.hasOwn(UNIT_TYPE_LABELS, value);

interface UnitTypeSelectProps extends SelectBaseProps {
  value: string;
  onChange: (value: string) => void;
}

/** furnaceOrUnit; a stored value outside the list (older bookings, free text) stays selectable. */
export function UnitTypeSelect({ label, value, ...rest }: UnitTypeSelectProps) {
  const { t } = useTranslator();
  const choices: string[] = Object.keys(UNIT_TYPE_LABELS);
  if (value && !choices.includes(value)) choices.push(value);
  return (
    <SelectField
      {...rest}
      label={label ?? t(fieldMessages.unitType)}
      value={value}
      options={choices.map((kind) => ({ value: kind, label: isListed(kind) ? t(UNIT_TYPE_LABELS[kind]) : kind }))}
    />
  );
}
