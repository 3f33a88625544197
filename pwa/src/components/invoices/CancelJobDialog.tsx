import type { Booking } from "@contracts/bookings/booking.ts";
import { useState, type FormEvent } from "react";
import { cents } from "../estimates/money.ts";
import { DialogActions } from "../form/DialogActions.tsx";
import { TextField } from "../form/Field.tsx";
import { useDialogSend } from "../form/useDialogSend.ts";
import { Modal } from "../Modal.tsx";
import { failureText } from "../../lib/http.ts";
import "./CancelJobDialog.css";

/** Sends the cancellation through the office's status queue: the server's booking, or null while it waits here. */
export type CancelJob = (keepDepositReason: string | undefined) => Promise<Booking | null>;

interface Props {
  /** Given by the booking's details, whose screens send status changes (the queue stays out of this chunk). */
  cancelJob: CancelJob;
  /** The deposit the job holds (paid on approval, not yet on an invoice). */
  heldCents: number;
  /** The server's booking once cancelled (null while the change waits on this device), and whether the deposit is kept. */
  onCancelled: (booking: Booking | null, kept: boolean) => void;
  onClose: () => void;
}

interface Draft {
  keep: boolean;
  reason: string;
}

const problemsOf = (d: Draft): Partial<Record<"reason", string>> =>
  d.keep && !d.reason.trim() ? { reason: "Say why the deposit is kept." } : {};

/**
 * The office cancels a job that holds a deposit: refunded in full (the default: online through the card it was paid
 * with, the others recorded as given back), or kept, saying why. One status change, through the same queue as the
 * dashboard's; the server settles the deposit in the cancellation's transaction.
 */
export function CancelJobDialog({ cancelJob, heldCents, onCancelled, onClose }: Props) {
  const [draft, setDraft] = useState<Draft>({ keep: false, reason: "" });
  const { problems, saving, problem, send } = useDialogSend(draft, problemsOf);

  const cancel = async () => {
    const reason = draft.keep ? draft.reason.trim() : undefined;
    onCancelled(await cancelJob(reason), draft.keep);
  };
  const submit = (e: FormEvent) =>
    send(e, cancel, (error) => failureText(error, { otherwise: "The job could not be cancelled." }));
  const amount = cents(heldCents);

  return (
    <Modal title="Cancel this job" onClose={onClose} className="adm">
      <form className="cancel-job" onSubmit={(e) => void submit(e)} noValidate>
        <p className="cancel-job__lead">
          This job holds a deposit of <strong>{amount}</strong>.
        </p>
        <fieldset className="cancel-job__choices">
          <legend className="field-label">The deposit</legend>
          <label className={draft.keep ? "cancel-job__choice" : "cancel-job__choice is-chosen"}>
            <input
              type="radio"
              name="cancel-deposit"
              checked={!draft.keep}
              onChange={() => setDraft((d) => ({ ...d, keep: false }))}
            />
            <span>
              <strong>Refund it in full</strong>
              <span className="cancel-job__hint">
                Paid online, it goes back to the customer's card; cash, a check or a card on site is recorded as given
                back by the office.
              </span>
            </span>
          </label>
          <label className={draft.keep ? "cancel-job__choice is-chosen" : "cancel-job__choice"}>
            <input
              type="radio"
              name="cancel-deposit"
              checked={draft.keep}
              onChange={() => setDraft((d) => ({ ...d, keep: true }))}
            />
            <span>
              <strong>Keep it</strong>
              <span className="cancel-job__hint">For a late cancellation, as the terms allow. The reason is kept.</span>
            </span>
          </label>
        </fieldset>
        {draft.keep && (
          <TextField
            id="cancel-keep-reason"
            label="Why it is kept"
            required
            rows={3}
            maxLength={500}
            value={draft.reason}
            onChange={(reason) => setDraft((d) => ({ ...d, reason }))}
            error={problems.reason}
          />
        )}
        <DialogActions
          problem={problem}
          saving={saving}
          savingLabel="Cancelling..."
          label={draft.keep ? `Keep ${amount} and Cancel Job` : `Refund ${amount} and Cancel Job`}
          onCancel={onClose}
          danger
        />
      </form>
    </Modal>
  );
}
