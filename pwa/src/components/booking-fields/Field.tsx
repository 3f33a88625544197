import type { ReactNode } from "react";

export interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  /** Shown under the control and announced; marks the control invalid via aria-describedby. */
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A visible label above its control, with an optional hint and error line. */
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
