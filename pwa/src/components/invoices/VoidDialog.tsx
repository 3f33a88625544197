import type { Invoice } from "@contracts/invoices/invoice.ts";
import { useState, type FormEvent } from "react";
import { failureText, request } from "../../lib/http.ts";
import { DialogActions } from "../form/DialogActions.tsx";
import { TextField } from "../form/Field.tsx";
import { Modal } from "../Modal.tsx";

/** The office voids an invoice nothing was paid on, saying why: it keeps its number and stays on record. */
export function VoidDialog({
  invoice,
  onVoided,
  onClose,
}: {
  invoice: Invoice;
  onVoided: () => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setProblem("Say why the invoice is void.");
    setSaving(true);
    setProblem(null);
    try {
      await request(`/api/invoices/${encodeURIComponent(invoice._id)}/void`, {
        method: "POST",
        auth: true,
        body: { reason: reason.trim() },
      });
      onVoided();
    } catch (error) {
      setProblem(failureText(error, { otherwise: "The invoice could not be voided." }));
      setSaving(false);
    }
  };
  return (
    <Modal title={`Void ${invoice.number}`} onClose={onClose} className="adm">
      <form className="payment-dialog" onSubmit={(e) => void submit(e)} noValidate>
        <p>The invoice keeps its number and stays on record; the customer owes nothing on it.</p>
        <TextField
          id="void-reason"
          label="Reason"
          required
          rows={3}
          maxLength={500}
          value={reason}
          onChange={setReason}
        />
        <DialogActions
          problem={problem}
          saving={saving}
          savingLabel="Voiding..."
          label="Void Invoice"
          onCancel={onClose}
          danger
        />
      </form>
    </Modal>
  );
}
