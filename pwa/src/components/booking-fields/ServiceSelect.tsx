import { SERVICE_KEYS, SERVICE_NAMES } from "@contracts/services/catalog.ts";
import { SelectField, type SelectBaseProps } from "../form/SelectField.tsx";
import type { PricedService } from "./servicePrice.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { fieldMessages } from "./messages.ts";

const SEEDED = SERVICE_KEYS.map((key) => ({ value: key, label: SERVICE_NAMES[key] }));

interface ServiceSelectProps extends SelectBaseProps {
  value: string;
  onChange: (value: string) => void;
  /** The services the server lists (an admin's new ones too); the eight seeded ones until they arrive. */
  services?: readonly PricedService[];
}

/** Every bookable service: those with a price the server charges. */
export function ServiceSelect({ label, services = [], ...rest }: ServiceSelectProps) {
  const { t } = useTranslator();
  const listed = services.filter((s) => typeof s.price === "number" && s.price > 0);
  const options = listed.length > 0 ? listed.map((s) => ({ value: s._id, label: s.title })) : SEEDED;
  return (
    <SelectField
      {...rest}
      label={label ?? t(fieldMessages.service)}
      options={options}
      placeholder={t(fieldMessages.pickService)}
    />
  );
}
