import { useId, type HTMLAttributes, type ReactNode } from "react";
import { describedBy, Field } from "./Field.tsx";

interface TextFieldProps {
  id?: string;
  name?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: "text" | "email" | "tel" | "date";
  required?: boolean;
  disabled?: boolean;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  pattern?: string;
  maxLength?: number;
  placeholder?: string;
  /** Renders a <textarea> with this many rows. */
  rows?: number;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
}

/** A labelled text input or textarea. */
export function TextField({ id: idProp, label, onChange, rows, hint, error, className, ...rest }: TextFieldProps) {
  const autoId = useId();
  const id = idProp ?? autoId;
  const common = {
    id,
    className: "input",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, hint, error),
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  return (
    <Field id={id} label={label} required={rest.required} hint={hint} error={error} className={className}>
      {rows ? (
        <textarea
          {...common}
          rows={rows}
          name={rest.name}
          value={rest.value}
          required={rest.required}
          disabled={rest.disabled}
          maxLength={rest.maxLength}
          placeholder={rest.placeholder}
        />
      ) : (
        <input {...common} {...rest} type={rest.type ?? "text"} />
      )}
    </Field>
  );
}
