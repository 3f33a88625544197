import { MAX_NOTE_LENGTH } from "@contracts/visit/visit.ts";
import { useRef, useState } from "react";
import { TextField } from "../../components/form/Field.tsx";
import { Modal } from "../../components/Modal.tsx";
import { SignaturePad, type SignaturePadHandle } from "../../components/SignaturePad.tsx";
import { DialogActions } from "../../components/form/DialogActions";

export interface Completion {
  note: string;
  /** The customer's signature as a PNG; null when they were not present. */
  signature: Blob | null;
  customerNotPresent: boolean;
}

/**
 * Complete Job: a final note (optional) and the customer's signature, or "Customer not present". Saved on the
 * device at once; sent with the rest of the job's work.
 */
export function CompleteJobDialog({
  onSave,
  onClose,
}: {
  onSave: (completion: Completion) => Promise<void>;
  onClose: () => void;
}) {
  const pad = useRef<SignaturePadHandle>(null);
  const [note, setNote] = useState("");
  const [signed, setSigned] = useState(false);
  const [notPresent, setNotPresent] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async () => {
    setProblem(null);
    const signature = notPresent ? null : ((await pad.current?.toBlob()) ?? null);
    if (!notPresent && !signature) {
      setProblem("Ask the customer to sign, or tick \u201cCustomer not present\u201d.");
      return;
    }
    setSaving(true);
    try {
      await onSave({ note: note.trim(), signature, customerNotPresent: notPresent });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : "The job could not be completed.");
      setSaving(false);
    }
  };

  return (
    <Modal title="Complete Job" onClose={onClose} className="adm" size="wide">
      <div className="job-complete">
        <TextField
          id="job-final-note"
          label="Final note (optional)"
          rows={3}
          maxLength={MAX_NOTE_LENGTH}
          value={note}
          onChange={setNote}
        />
        <SignaturePad ref={pad} onChange={setSigned} disabled={notPresent} />
        <label className="job-complete__absent">
          <input type="checkbox" checked={notPresent} onChange={(e) => setNotPresent(e.target.checked)} />
          Customer not present
        </label>
        <DialogActions
          problem={problem}
          saving={saving}
          label="Save and Complete"
          onCancel={onClose}
          onConfirm={() => void save()}
          disabled={!signed && !notPresent}
        />
      </div>
    </Modal>
  );
}
