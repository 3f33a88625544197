import { PAYMENT_METHOD_LABELS, RECORDED_METHODS, type RecordedMethod } from "@contracts/invoices/invoice.ts";
import type { PaymentBody } from "../../lib/offline-queue/invoiceWrites.ts";
import { useState, type FormEvent } from "react";
import { DialogActions } from "../form/DialogActions.tsx";
import { TextField } from "../form/Field.tsx";
import { useDialogSend } from "../form/useDialogSend.ts";
import { Modal } from "../Modal.tsx";
import { cents } from "../estimates/money.ts";
import { AmountField } from "./AmountField.tsx";
import { TipField } from "./TipField.tsx";
import { NO_TIP, tipCentsOf, type TipChoice } from "./tipChoice.ts";
import { amountText, parseAmount, paymentProblems, REFERENCE_LABELS, type PaymentDraft } from "./paymentForm.ts";
import "./PaymentDialog.css";

interface Props {
  number: string;
  balanceCents: number;
  /** Settings → Tips, as the business profile serves it: a card payment offers the presets when on. */
  tips?: { enabled: boolean; percentPresets: readonly number[] };
  /** Rejects with the server's words when it refuses the payment: they are shown here, and the form stays. */
  onRecord: (payment: PaymentBody) => Promise<void>;
  onClose: () => void;
}

/**
 * A payment taken on site: cash, a check (its number) or a card on the business's own terminal (its last four or the
 * terminal's reference). The amount starts at the balance; what would be refused is said before anything is sent.
 */
export function PaymentDialog({ number, balanceCents, tips, onRecord, onClose }: Props) {
  const [draft, setDraft] = useState<PaymentDraft>({ method: "cash", amount: amountText(balanceCents), reference: "" });
  const [tip, setTip] = useState<TipChoice>(NO_TIP);
  const offersTip = tips?.enabled === true && draft.method === "card";
  const amount = parseAmount(draft.amount);
  const tipCents = offersTip ? tipCentsOf(tip, amount) : 0;
  const { problems, saving, problem, send } = useDialogSend(draft, (d) => ({
    ...paymentProblems(d, balanceCents),
    ...(tipCents === null ? { tip: "Enter the tip in dollars and cents, like 20.00." } : {}),
  }));
  const referenceLabel = REFERENCE_LABELS[draft.method];

  const record = async () => {
    if (amount === null) return;
    const reference = draft.method === "cash" ? "" : draft.reference.trim();
    await onRecord({
      method: draft.method,
      amountCents: amount,
      ...(reference ? { reference } : {}),
      ...(tipCents ? { tipCents } : {}),
      at: new Date().toISOString(),
    });
  };
  const submit = (e: FormEvent) =>
    send(e, record, (error) => (error instanceof Error ? error.message : "The payment could not be recorded."));

  const choose = (method: RecordedMethod) => setDraft((d) => ({ ...d, method, reference: "" }));
  return (
    <Modal title={number ? `Record a payment on ${number}` : "Record a payment"} onClose={onClose} className="adm">
      <form className="payment-dialog" onSubmit={(e) => void submit(e)} noValidate>
        <p className="payment-dialog__balance">
          Balance due <strong>{cents(balanceCents)}</strong>
        </p>
        <fieldset className="payment-dialog__methods">
          <legend className="field-label">Paid by</legend>
          {RECORDED_METHODS.map((method) => (
            <label key={method} className={method === draft.method ? "payment-method is-chosen" : "payment-method"}>
              <input
                type="radio"
                name="payment-method"
                value={method}
                checked={method === draft.method}
                onChange={() => choose(method)}
              />
              {PAYMENT_METHOD_LABELS[method]}
            </label>
          ))}
        </fieldset>
        <AmountField
          id="payment-amount"
          value={draft.amount}
          onChange={(amount) => setDraft((d) => ({ ...d, amount }))}
          error={problems.amount}
        />
        {offersTip && (
          <TipField
            amountCents={amount}
            presets={tips!.percentPresets}
            choice={tip}
            onChange={setTip}
            error={problems.tip}
          />
        )}
        {referenceLabel && (
          <TextField
            id="payment-reference"
            label={referenceLabel}
            required
            maxLength={100}
            inputMode={draft.method === "check" ? "numeric" : "text"}
            value={draft.reference}
            onChange={(reference) => setDraft((d) => ({ ...d, reference }))}
            error={problems.reference}
          />
        )}
        <DialogActions
          problem={problem}
          saving={saving}
          savingLabel="Recording..."
          label={`Record ${PAYMENT_METHOD_LABELS[draft.method]}${amount !== null && amount > 0 ? ` ${cents(amount)}` : ""}${tipCents ? ` + ${cents(tipCents)} tip` : ""}`}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
