import { useId, type HTMLAttributes, type ReactNode } from "react";

// The form row and the text field built on it share one module, so the pages that use both (the booking form, the
// contact form, every staff form) load them as one piece rather than two.

export interface FieldProps {
  id: string;
  label: string;
  /** Marks the label with a "*" (the control carries its own `required`). */
  required?: boolean;
  /** Shown under the control and announced; marks the control invalid via aria-describedby. */
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * A form row, the one every form of the site uses: a visible label above its control, with an optional hint and
 * error line (the control names them with describedBy).
 */
export function Field({ id, label, required, error, hint, className, children }: FieldProps) {
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label className="field-label" htmlFor={id}>
        {label}
        {required && (
          <span className="required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** ids for aria-describedby of a control rendered inside <Field>. */
export function describedBy(id: string, hint?: unknown, error?: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return ids || undefined;
}

interface TextFieldProps {
  id?: string;
  name?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: "text" | "email" | "tel" | "date" | "url";
  required?: boolean;
  /** False: required without the label's "*" (a sign-in form, where every field is). */
  markRequired?: boolean;
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

/** A form row with a text input, or a textarea (`rows`). */
export function TextField({
  id: idProp,
  label,
  onChange,
  rows,
  hint,
  error,
  className,
  markRequired = true,
  ...rest
}: TextFieldProps) {
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
    <Field
      id={id}
      label={label}
      required={rest.required && markRequired}
      hint={hint}
      error={error}
      className={className}
    >
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
