import { PAYMENT_METHOD_LABELS, type Payment } from "@contracts/invoices/invoice.ts";
import type { RefundInput } from "@contracts/invoices/schemas.ts";
import { useState, type FormEvent } from "react";
import { failureText, request } from "../../lib/http.ts";
import { DialogActions } from "../form/DialogActions.tsx";
import { TextField } from "../form/Field.tsx";
import { useDialogSend } from "../form/useDialogSend.ts";
import { Modal } from "../Modal.tsx";
import { cents } from "../estimates/money.ts";
import { AmountField } from "./AmountField.tsx";
import { amountText, parseAmount } from "./paymentForm.ts";
import { refundProblems, type RefundDraft } from "./refundForm.ts";
import "./PaymentDialog.css";

interface Props {
  number: string;
  payment: Payment;
  /** The server recorded it: the screen reads the invoice again (its figures, the payment's refunded amount). */
  onRefunded: (amountCents: number) => void;
  onClose: () => void;
}

/**
 * An admin gives back part or all of a payment, saying why. The amount starts at what is left of it; an online
 * payment goes back through the payment provider, the others are handed back in person and recorded here.
 */
export function RefundDialog({ number, payment, onRefunded, onClose }: Props) {
  const left = payment.amountCents - payment.refundedCents;
  const [draft, setDraft] = useState<RefundDraft>({ amount: amountText(left), reason: "" });
  const { problems, saving, problem, send } = useDialogSend(draft, (d) => refundProblems(d, left));
  const amount = parseAmount(draft.amount);
  const method = PAYMENT_METHOD_LABELS[payment.method];

  const refund = async () => {
    if (amount === null) return;
    const body: RefundInput = { amountCents: amount, reason: draft.reason.trim() };
    await request(`/api/payments/${encodeURIComponent(payment._id)}/refunds`, { method: "POST", auth: true, body });
    onRefunded(amount);
  };
  const submit = (e: FormEvent) =>
    send(e, refund, (error) => failureText(error, { otherwise: "The refund could not be recorded." }));

  return (
    <Modal title={`Refund a payment on ${number}`} onClose={onClose} className="adm">
      <form className="payment-dialog" onSubmit={(e) => void submit(e)} noValidate>
        <p className="payment-dialog__balance">
          {method} {cents(payment.amountCents)}, left to refund <strong>{cents(left)}</strong>
        </p>
        {payment.method === "online" && <p>It goes back to the customer's card through the online payment.</p>}
        <AmountField
          id="refund-amount"
          value={draft.amount}
          onChange={(amount) => setDraft((d) => ({ ...d, amount }))}
          error={problems.amount}
        />
        <TextField
          id="refund-reason"
          label="Reason"
          required
          rows={3}
          maxLength={500}
          value={draft.reason}
          onChange={(reason) => setDraft((d) => ({ ...d, reason }))}
          error={problems.reason}
        />
        <DialogActions
          problem={problem}
          saving={saving}
          savingLabel="Refunding..."
          label={`Refund${amount !== null && amount > 0 ? ` ${cents(amount)}` : ""}`}
          onCancel={onClose}
          danger
        />
      </form>
    </Modal>
  );
}
