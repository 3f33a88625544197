import type { Estimate } from "@contracts/estimates/estimate.ts";
import { MAX_SIGNED_BY } from "@contracts/estimates/estimate.ts";
import { depositOf } from "@contracts/estimates/rules.ts";
import { PAYMENT_METHOD_LABELS, RECORDED_METHODS, type RecordedMethod } from "@contracts/invoices/invoice.ts";
import { REFERENCE_LABELS } from "../invoices/paymentForm.ts";
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
  /** The option's deposit, taken now with the approval (the server checks the amount against its own). */
  deposit?: { method: RecordedMethod; amountCents: number; reference: string };
}

/** How the deposit was taken, or not now (the office collects it later). */
type DepositChoice = RecordedMethod | "later";

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
  const [paidBy, setPaidBy] = useState<DepositChoice | null>(null);
  const [reference, setReference] = useState("");
  const option = estimate.options.find((o) => o._id === chosen) ?? null;
  // The chosen option's deposit as the server priced it: a deposit already paid (online) is not asked again.
  const depositCents =
    option && estimate.depositPaidCents === 0 ? depositOf({ ...estimate, approvedOptionId: option._id }) : 0;
  const referenceLabel = paidBy && paidBy !== "later" ? REFERENCE_LABELS[paidBy] : null;

  const approve = async () => {
    const blob = await pad.current?.toBlob();
    if (!option || !blob || !name.trim()) return;
    setSaving(true);
    setProblem(null);
    try {
      const signature = await blobToDataUrl(blob);
      const deposit =
        depositCents > 0 && paidBy && paidBy !== "later"
          ? { method: paidBy, amountCents: depositCents, reference: paidBy === "cash" ? "" : reference.trim() }
          : undefined;
      await onSign({ optionId: option._id, signedBy: name.trim(), signature, at: new Date().toISOString(), deposit });
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
            {depositCents > 0 && (
              <fieldset className="signing__deposit">
                <legend className="field-label">Deposit due now: {cents(depositCents)}</legend>
                <div className="signing__deposit-methods">
                  {[...RECORDED_METHODS, "later" as const].map((method) => (
                    <label key={method} className={method === paidBy ? "signing__method is-chosen" : "signing__method"}>
                      <input
                        type="radio"
                        name="deposit-method"
                        value={method}
                        checked={method === paidBy}
                        onChange={() => {
                          setPaidBy(method);
                          setReference("");
                        }}
                      />
                      {method === "later" ? "Not taken now" : PAYMENT_METHOD_LABELS[method]}
                    </label>
                  ))}
                </div>
                {referenceLabel && (
                  <TextField
                    id="deposit-reference"
                    label={referenceLabel}
                    maxLength={100}
                    inputMode={paidBy === "check" ? "numeric" : "text"}
                    value={reference}
                    onChange={setReference}
                  />
                )}
              </fieldset>
            )}
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
          disabled={!option || !name.trim() || !inked || (depositCents > 0 && paidBy === null)}
        />
      </div>
    </Modal>
  );
}
