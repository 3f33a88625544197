import { TextField } from "../form/Field.tsx";
import { cents } from "../estimates/money.ts";
import type { TipChoice } from "./tipChoice.ts";
import { tipCentsOf } from "./tipChoice.ts";

interface Props {
  /** The amount paid on the invoice, which the presets are a percent of (null while it is not money). */
  amountCents: number | null;
  presets: readonly number[];
  choice: TipChoice;
  onChange: (choice: TipChoice) => void;
  error: string | undefined;
}

/** The customer's tip on a card payment: none, one of the three presets (with what it comes to), or an amount. */
export function TipField({ amountCents, presets, choice, onChange, error }: Props) {
  const options: { key: string; label: string; choice: TipChoice }[] = [
    { key: "none", label: "No tip", choice: { kind: "none" } },
    ...presets.map((percent) => ({
      key: `p${percent}`,
      label: `${percent}%${amountCents ? ` · ${cents(tipCentsOf({ kind: "percent", percent }, amountCents) ?? 0)}` : ""}`,
      choice: { kind: "percent", percent } as TipChoice,
    })),
    { key: "amount", label: "Other", choice: { kind: "amount", text: "" } },
  ];
  const chosen = (c: TipChoice) =>
    c.kind === choice.kind && (c.kind !== "percent" || (choice.kind === "percent" && c.percent === choice.percent));
  return (
    <>
      <fieldset className="payment-dialog__methods payment-dialog__tips">
        <legend className="field-label">Tip</legend>
        {options.map((o) => (
          <label key={o.key} className={chosen(o.choice) ? "payment-method is-chosen" : "payment-method"}>
            <input
              type="radio"
              name="payment-tip"
              value={o.key}
              checked={chosen(o.choice)}
              onChange={() => onChange(o.choice)}
            />
            {o.label}
          </label>
        ))}
      </fieldset>
      {choice.kind === "amount" && (
        <TextField
          id="payment-tip"
          label="Tip ($)"
          required
          inputMode="decimal"
          value={choice.text}
          onChange={(text) => onChange({ kind: "amount", text })}
          error={error}
        />
      )}
    </>
  );
}
