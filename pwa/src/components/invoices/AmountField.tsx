import { TextField } from "../form/Field.tsx";

/** An amount of money typed in dollars ("45", "45.50", "$1,200"); the dialog reads it into cents. */
export function AmountField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <TextField
      id={id}
      label="Amount ($)"
      required
      inputMode="decimal"
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
