import { useId, useState, type ReactNode } from "react";
import { describedBy, Field } from "./Field.tsx";
import "./PasswordField.css";

interface PasswordFieldProps {
  id?: string;
  name?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** "current-password" to sign in, "new-password" to choose one: what the browser's password manager reads. */
  autoComplete: "current-password" | "new-password";
  required?: boolean;
  /** False: required without the label's "*" (a sign-in form, where every field is). */
  markRequired?: boolean;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
}

/**
 * A password in a form row, with a Show/Hide button beside it: on a phone keyboard a typo is easy, and a person
 * alone with their tablet may want to see what they typed. Hidden again after each submit is the form's business.
 */
export function PasswordField({
  id: idProp,
  label,
  onChange,
  hint,
  error,
  className,
  required,
  markRequired = true,
  ...rest
}: PasswordFieldProps) {
  const autoId = useId();
  const id = idProp ?? autoId;
  const [shown, setShown] = useState(false);
  return (
    <Field id={id} label={label} required={required && markRequired} hint={hint} error={error} className={className}>
      <span className="password-field">
        <input
          {...rest}
          id={id}
          className="input password-field__input"
          type={shown ? "text" : "password"}
          required={required}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="button" className="password-field__toggle" aria-controls={id} onClick={() => setShown((s) => !s)}>
          {shown ? "Hide" : "Show"}
          <span className="visually-hidden"> password</span>
        </button>
      </span>
    </Field>
  );
}
