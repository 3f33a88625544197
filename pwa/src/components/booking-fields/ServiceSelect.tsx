import { SERVICE_KEYS, SERVICE_NAMES, type ServiceKey } from "@contracts/services.ts";
import { SelectField, type SelectBaseProps } from "./SelectField.tsx";

const OPTIONS = SERVICE_KEYS.map((key) => ({ value: key, label: SERVICE_NAMES[key] }));

interface ServiceSelectProps extends SelectBaseProps {
  value: ServiceKey | "";
  onChange: (value: ServiceKey | "") => void;
}

/** The eight services of the fixed price table (booking prices never come from a call). */
export function ServiceSelect({ label = "Service Type", onChange, ...rest }: ServiceSelectProps) {
  return (
    <SelectField
      {...rest}
      label={label}
      options={OPTIONS}
      placeholder="Select a service"
      onChange={(v) => onChange(v as ServiceKey | "")}
    />
  );
}
