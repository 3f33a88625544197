import { MAX_ADJUSTMENTS, type Invoice } from "@contracts/invoices/invoice.ts";
import { useState, type FormEvent } from "react";
import { failureText, request } from "../../lib/http.ts";
import { DialogActions } from "../form/DialogActions.tsx";
import { TextField } from "../form/Field.tsx";
import { Modal } from "../Modal.tsx";
import { amountText, parseAmount } from "./paymentForm.ts";
import "./AdjustmentsDialog.css";

interface Row {
  description: string;
  quantity: string;
  /** Dollars as typed; a leading "-" makes a credit. */
  price: string;
  taxable: boolean;
}

const rowOf = (line: Invoice["adjustments"][number]): Row => ({
  description: line.description,
  quantity: String(line.quantity),
  price: `${line.unitPriceCents < 0 ? "-" : ""}${amountText(Math.abs(line.unitPriceCents))}`,
  taxable: line.taxable,
});

/** A row as the server takes it, or the words saying what is wrong with it. */
function parsed(row: Row, n: number) {
  const negative = row.price.trim().startsWith("-");
  const cents = parseAmount(row.price.trim().replace(/^-/, ""));
  const quantity = Number(row.quantity);
  if (!row.description.trim()) return `Line ${n}: describe the adjustment.`;
  if (!Number.isInteger(quantity) || quantity < 1) return `Line ${n}: the quantity must be a whole number from 1.`;
  if (cents === null) return `Line ${n}: enter the price in dollars and cents, like 25.00 or -25.00 for a credit.`;
  return {
    description: row.description.trim(),
    quantity,
    unitPriceCents: negative ? -cents : cents,
    taxable: row.taxable,
  };
}

/**
 * The office adds lines to an invoice nothing was paid on yet (a trip charge, a credit as a negative price) and moves
 * its due date; the server prices it again and the screen shows its figures.
 */
export function AdjustmentsDialog({
  invoice,
  onSaved,
  onClose,
}: {
  invoice: Invoice;
  onSaved: () => void;
  onClose: () => void;
}) {
  const [rows, setRows] = useState<Row[]>(() => invoice.adjustments.map(rowOf));
  const [dueAt, setDueAt] = useState(invoice.dueAt.slice(0, 10));
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const change = (i: number, patch: Partial<Row>) =>
    setRows((all) => all.map((row, n) => (n === i ? { ...row, ...patch } : row)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const lines = rows.map((row, i) => parsed(row, i + 1));
    const wrong = lines.find((line) => typeof line === "string");
    if (wrong) return setProblem(wrong);
    setSaving(true);
    setProblem(null);
    try {
      await request(`/api/invoices/${encodeURIComponent(invoice._id)}`, {
        method: "PUT",
        auth: true,
        body: { adjustments: lines, dueAt },
      });
      onSaved();
    } catch (error) {
      setProblem(failureText(error, { otherwise: "The invoice could not be saved." }));
      setSaving(false);
    }
  };

  return (
    <Modal title={`Adjust ${invoice.number}`} onClose={onClose} size="wide" className="adm">
      <form className="adjustments" onSubmit={(e) => void submit(e)} noValidate>
        <p className="adjustments__lead">
          Lines added to the booked work and the approved estimates. A credit is a negative price.
        </p>
        {rows.length === 0 && <p className="adjustments__empty">No adjustments.</p>}
        {rows.map((row, i) => (
          <fieldset key={i} className="adjustments__row">
            <legend className="visually-hidden">Adjustment {i + 1}</legend>
            <TextField
              id={`adjustment-${i}-description`}
              label="Description"
              maxLength={200}
              value={row.description}
              onChange={(description) => change(i, { description })}
            />
            <TextField
              id={`adjustment-${i}-quantity`}
              label="Qty"
              inputMode="numeric"
              value={row.quantity}
              onChange={(quantity) => change(i, { quantity })}
            />
            <TextField
              id={`adjustment-${i}-price`}
              label="Unit price ($)"
              inputMode="decimal"
              value={row.price}
              onChange={(price) => change(i, { price })}
            />
            <label className="adjustments__taxable">
              <input type="checkbox" checked={row.taxable} onChange={(e) => change(i, { taxable: e.target.checked })} />
              Taxable
            </label>
            <button
              type="button"
              className="btn btn-outline adm-btn-small"
              onClick={() => setRows((all) => all.filter((_, n) => n !== i))}
            >
              Remove<span className="visually-hidden"> adjustment {i + 1}</span>
            </button>
          </fieldset>
        ))}
        {rows.length < MAX_ADJUSTMENTS && (
          <button
            type="button"
            className="btn btn-outline adjustments__add"
            onClick={() => setRows((all) => [...all, { description: "", quantity: "1", price: "", taxable: true }])}
          >
            Add a line
          </button>
        )}
        <TextField id="invoice-due" label="Due date" type="date" value={dueAt} onChange={setDueAt} />
        <DialogActions
          problem={problem}
          saving={saving}
          savingLabel="Saving..."
          label="Save Invoice"
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
