import type { DuplicatePair, MergeResult } from "@contracts/customers/customer.ts";
import { useState } from "react";
import { DialogActions } from "../../components/form/DialogActions.tsx";
import { Modal } from "../../components/Modal.tsx";
import { failureText } from "../../lib/http.ts";
import { formatPhone } from "../../lib/phone.ts";
import { mergeCustomers } from "./api.ts";

interface Props {
  pair: DuplicatePair;
  onClose: () => void;
  /** The kept record's id, and what the server says moved to it. */
  onMerged: (keptId: string, moved: MergeResult["moved"]) => void;
}

const describe = (c: DuplicatePair["keep"]) =>
  [c.emails[0], c.phones[0] && formatPhone(c.phones[0].number), c.address].filter(Boolean).join(" · ");

/**
 * Which record stays, and what moves to it: said before the merge, since it cannot be undone from the screen. The
 * older record is kept unless the office chooses the other.
 */
export function MergeDialog({ pair, onClose, onMerged }: Props) {
  const [keepId, setKeepId] = useState(pair.keep._id);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const kept = keepId === pair.keep._id ? pair.keep : pair.other;
  const gone = kept === pair.keep ? pair.other : pair.keep;

  const merge = async () => {
    setSaving(true);
    setProblem(null);
    try {
      const result = await mergeCustomers(kept._id, gone._id);
      onMerged(kept._id, result.moved);
    } catch (error) {
      setProblem(failureText(error, { otherwise: "The records could not be merged. Please try again." }));
      setSaving(false);
    }
  };

  return (
    <Modal title="Merge customers" onClose={onClose} className="adm">
      <fieldset className="cust-merge__choice">
        <legend className="field-label">Keep which record?</legend>
        {[pair.keep, pair.other].map((c) => (
          <label key={c._id} className="cust-merge__option">
            <input
              type="radio"
              name="keep"
              value={c._id}
              checked={keepId === c._id}
              onChange={() => setKeepId(c._id)}
            />
            <span>
              <strong>{c.name}</strong>
              <span className="cust-muted cust-merge__facts">{describe(c)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="cust-merge__moves">
        Everything of <strong>{gone.name}</strong> moves to <strong>{kept.name}</strong>: bookings, properties,
        estimates, invoices, payments, ratings and portal sessions. Then {gone.name}&rsquo;s record is no longer on
        record. The merge is kept in the audit trail.
      </p>
      <DialogActions
        saving={saving}
        label={`Merge into ${kept.name}`}
        savingLabel="Merging..."
        onCancel={onClose}
        onConfirm={() => void merge()}
        problem={problem}
      />
    </Modal>
  );
}
