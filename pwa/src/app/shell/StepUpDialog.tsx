import { type FormEvent, useEffect, useState } from "react";
import { Modal } from "../../components/Modal.tsx";
import { DialogActions } from "../../components/form/DialogActions.tsx";
import { TextField } from "../../components/form/Field.tsx";
import { PasswordField } from "../../components/form/PasswordField.tsx";
import { accountApi, secondFactorOf } from "../../lib/account.ts";
import { failureText } from "../../lib/http.ts";
import { passkeyErrorText } from "../../lib/passkeyErrors.ts";
import { browserHasPasskeys, confirmWithPasskey, hasOwnPasskeys } from "../../lib/passkeyStepUp.ts";
import { saveSession } from "../../lib/session.ts";
import "./StepUpDialog.css";

const TRY_AGAIN = "That did not work. Try again.";

/**
 * The step-up dialog: an action that moves money or access was refused for an old sign-in; the person uses one of
 * their passkeys (offered when the browser can and they have one), or gives their password (and code, when they use
 * two-step verification), and `onDone(true)` lets the action go again once. A chunk of its own, loaded when first
 * asked (StepUpHost).
 */
export default function StepUpDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const [withCode, setWithCode] = useState(false);
  const [withPasskey, setWithPasskey] = useState(false);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // What to ask for, read together as the dialog opens: a code too (the person's own factor; asked for when that
  // cannot be read), and a passkey where the browser can and the person has one.
  useEffect(() => {
    let live = true;
    void Promise.allSettled([
      accountApi.totpStatus(),
      browserHasPasskeys() ? hasOwnPasskeys() : Promise.resolve(false),
    ]).then(([totp, passkeys]) => {
      if (!live) return;
      setWithCode(totp.status === "fulfilled" ? totp.value.enabled : true);
      setWithPasskey(passkeys.status === "fulfilled" && passkeys.value);
    });
    return () => {
      live = false;
    };
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setProblem(null);
    try {
      const { token, user } = await accountApi.reauth(password, withCode ? secondFactorOf(code) : null);
      saveSession(token, user);
      onDone(true);
    } catch (error) {
      setSaving(false);
      setProblem(failureText(error, { otherwise: TRY_AGAIN }));
    }
  }

  async function onPasskey() {
    setSaving(true);
    setProblem(null);
    try {
      const { token, user } = await confirmWithPasskey();
      saveSession(token, user);
      onDone(true);
    } catch (error) {
      setSaving(false);
      setProblem(passkeyErrorText(error, TRY_AGAIN));
    }
  }

  return (
    <Modal title="Confirm it's you" onClose={() => onDone(false)}>
      <form className="step-up" onSubmit={onSubmit}>
        <p>This action moves money or access. Sign in again to go on.</p>
        {withPasskey && (
          <>
            <button
              type="button"
              className="btn btn-outline btn-block step-up__passkey"
              disabled={saving}
              onClick={() => void onPasskey()}
            >
              Use a passkey
            </button>
            <p className="step-up__or">or enter your password</p>
          </>
        )}
        <PasswordField
          id="step-up-password"
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
        />
        {withCode && (
          <TextField
            id="step-up-code"
            label="Authentication code"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            maxLength={40}
            value={code}
            onChange={setCode}
            hint="The 6-digit code from your authenticator app, or a recovery code."
          />
        )}
        <DialogActions
          saving={saving}
          label="Confirm"
          savingLabel="Confirming..."
          problem={problem}
          onCancel={() => onDone(false)}
        />
      </form>
    </Modal>
  );
}
