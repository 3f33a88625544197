import { defineMessages } from "@contracts/i18n/messages.ts";
import { MAX_NOTE_LENGTH } from "@contracts/visit/visit.ts";
import { useRef, useState } from "react";
import { TextField } from "../../components/form/Field.tsx";
import { Modal } from "../../components/Modal.tsx";
import { SignaturePad, type SignaturePadHandle } from "../../components/SignaturePad.tsx";
import { DialogActions } from "../../components/form/DialogActions";
import type { Translator } from "../../lib/i18n/I18nProvider.tsx";

const messages = defineMessages({
  title: { id: "field.complete.title", defaultMessage: "Complete Job" },
  askToSign: {
    id: "field.complete.askToSign",
    defaultMessage: "Ask the customer to sign, or tick “Customer not present”.",
  },
  failed: { id: "field.complete.failed", defaultMessage: "The job could not be completed." },
  finalNote: { id: "field.complete.finalNote", defaultMessage: "Final note (optional)" },
  notPresent: { id: "field.complete.notPresent", defaultMessage: "Customer not present" },
  save: { id: "field.complete.save", defaultMessage: "Save and Complete" },
});

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
  t,
}: {
  onSave: (completion: Completion) => Promise<void>;
  onClose: () => void;
  /** The job screen's translator: a hook of the entry's imported here split the bundler's helper out of the entry. */
  t: Translator["t"];
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
      setProblem(t(messages.askToSign));
      return;
    }
    setSaving(true);
    try {
      await onSave({ note: note.trim(), signature, customerNotPresent: notPresent });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t(messages.failed));
      setSaving(false);
    }
  };

  return (
    <Modal title={t(messages.title)} onClose={onClose} className="adm" size="wide">
      <div className="job-complete">
        <TextField
          id="job-final-note"
          label={t(messages.finalNote)}
          rows={3}
          maxLength={MAX_NOTE_LENGTH}
          value={note}
          onChange={setNote}
        />
        <SignaturePad ref={pad} onChange={setSigned} disabled={notPresent} />
        <label className="job-complete__absent">
          <input type="checkbox" checked={notPresent} onChange={(e) => setNotPresent(e.target.checked)} />
          {t(messages.notPresent)}
        </label>
        <DialogActions
          problem={problem}
          saving={saving}
          label={t(messages.save)}
          onCancel={onClose}
          onConfirm={() => void save()}
          disabled={!signed && !notPresent}
        />
      </div>
    </Modal>
  );
}
