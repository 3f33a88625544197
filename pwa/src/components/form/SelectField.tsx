import { useId, type ReactNode } from "react";
import { describedBy, Field } from "./Field.tsx";

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** Props every select shares (the booking fields build theirs on SelectField). */
export interface SelectBaseProps {
  id?: string;
  name?: string;
  label?: string;
  required?: boolean;
  disabled?: boolean;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
}

interface SelectFieldProps extends SelectBaseProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** First, empty option (e.g. "Select a state"); chosen while value is "". */
  placeholder?: string;
}

export function SelectField(props: SelectFieldProps) {
  const autoId = useId();
  const id = props.id ?? autoId;
  return (
    <Field
      id={id}
      label={props.label}
      required={props.required}
      error={props.error}
      hint={props.hint}
      className={props.className}
    >
      <select
        id={id}
        name={props.name}
        className="input"
        value={props.value}
        required={props.required}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.hint, props.error)}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.placeholder !== undefined && (
          <option value="" disabled={props.required}>
            {props.placeholder}
          </option>
        )}
        {props.options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
