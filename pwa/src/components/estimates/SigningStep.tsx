import type { Estimate } from "@contracts/estimates/estimate.ts";
import { MAX_SIGNED_BY } from "@contracts/estimates/estimate.ts";
import { useRef, useState } from "react";
import { TextField } from "../form/Field.tsx";
import { Modal } from "../Modal.tsx";
import { blobToDataUrl, SignaturePad, type SignaturePadHandle } from "../SignaturePad.tsx";
import { cents } from "./money.ts";
import { OptionCards } from "./OptionCards.tsx";
import "./SigningStep.css";
import { DialogActions } from "../form/DialogActions";

export interface Signed {
  optionId: string;
  signedBy: string;
  /** The drawn signature as a PNG data URL. */
  signature: string;
  /** When the customer signed, on this device. */
  at: string;
}

/**
 * The tablet handed to the customer: the options side by side, one chosen, their name typed, their signature drawn,
 * and a last button that says what they approve and for how much.
 */
export function SigningStep({
  estimate,
  onSign,
  onClose,
}: {
  estimate: Estimate;
  onSign: (signed: Signed) => Promise<void>;
  onClose: () => void;
}) {
  const pad = useRef<SignaturePadHandle>(null);
  const [chosen, setChosen] = useState<string | null>(estimate.options.length === 1 ? estimate.options[0]!._id : null);
  const [name, setName] = useState("");
  const [inked, setInked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const option = estimate.options.find((o) => o._id === chosen) ?? null;

  const approve = async () => {
    const blob = await pad.current?.toBlob();
    if (!option || !blob || !name.trim()) return;
    setSaving(true);
    setProblem(null);
    try {
      const signature = await blobToDataUrl(blob);
      await onSign({ optionId: option._id, signedBy: name.trim(), signature, at: new Date().toISOString() });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : "The approval could not be saved.");
      setSaving(false);
    }
  };

  const title = estimate.number ? `Estimate ${estimate.number}` : "Your Estimate";
  return (
    <Modal title={title} onClose={onClose} size="large" className="adm signing-modal">
      <div className="signing">
        <p className="signing__lead">
          {estimate.options.length > 1
            ? "Please look over the options and choose the one you want done."
            : "Please look over the work and its price."}
        </p>
        {estimate.message && <p className="signing__message">{estimate.message}</p>}
        <OptionCards
          options={estimate.options}
          taxLabel={estimate.taxLabel}
          taxRatePercent={estimate.taxRatePercent}
          chosenOptionId={chosen}
          foot={(o) => (
            <button
              type="button"
              className={o._id === chosen ? "btn btn-primary" : "btn btn-outline"}
              aria-pressed={o._id === chosen}
              onClick={() => setChosen(o._id)}
            >
              {o._id === chosen ? `${o.title} chosen` : `Choose ${o.title}`}
            </button>
          )}
        />
        {option && (
          <section className="signing__sign" aria-label="Sign to approve">
            <TextField
              id="signing-name"
              label="Your full name"
              required
              autoComplete="name"
              maxLength={MAX_SIGNED_BY}
              value={name}
              onChange={setName}
            />
            <SignaturePad ref={pad} onChange={setInked} label="Your signature" />
            <p className="signing__terms">
              By signing you approve <strong>{option.title}</strong> for <strong>{cents(option.totalCents)}</strong>
              {estimate.options.length > 1 && "; the other options are declined"}.
            </p>
          </section>
        )}
        <DialogActions
          problem={problem}
          saving={saving}
          label={option ? `Approve ${option.title} – ${cents(option.totalCents)}` : "Approve"}
          onCancel={onClose}
          onConfirm={() => void approve()}
          disabled={!option || !name.trim() || !inked}
        />
      </div>
    </Modal>
  );
}
