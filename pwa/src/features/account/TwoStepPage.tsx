import type { TotpSetup, TotpStatus } from "@contracts/staff/sign-in.ts";
import { toDataURL } from "qrcode";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { LoadState } from "../../components/LoadState.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { TextField } from "../../components/form/Field.tsx";
import { accountApi } from "../../lib/account.ts";
import { failureText } from "../../lib/http.ts";
import { getUser, homeOf } from "../../lib/session.ts";
import { useLoad } from "../../lib/useLoad.ts";
import "./AccountPages.css";

/** The QR code of the otpauth link, drawn on the device (the secret is sent to no one for a picture). */
function QrCode({ url }: { url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void toDataURL(url, { margin: 1, width: 200 }).then((data) => live && setSrc(data));
    return () => {
      live = false;
    };
  }, [url]);
  return src ? (
    <img className="two-step__qr" src={src} width={200} height={200} alt="QR code for your authenticator app" />
  ) : (
    <div className="two-step__qr" aria-hidden="true" />
  );
}

/**
 * Account → Two-step verification: set it up with an authenticator app (a QR code, and the secret in text), confirmed
 * by a first code; the recovery codes are shown once, then. Turning it off is a step-up action. A person the sign-in
 * policy holds comes here first (`?required=1`), and goes on to their screens once it is set up.
 */
export default function TwoStepPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const required = params.get("required") === "1";
  const status = useLoad(useCallback(() => accountApi.totpStatus(), []));
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState("");
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(failureText(error, { otherwise: "That did not work. Try again." }));
    } finally {
      setBusy(false);
    }
  };
  const start = () => act(async () => setSetup(await accountApi.startTotp()));
  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void act(async () => {
      const { recoveryCodes: codes } = await accountApi.confirmTotp(code.trim());
      setRecoveryCodes(codes);
      setSetup(null);
      setCode("");
      status.refresh();
    });
  };
  const turnOff = () =>
    act(async () => {
      await accountApi.removeTotp();
      status.refresh();
    });

  return (
    <div className="adm adm-dashboard account-page">
      <PageHeader
        title="Two-step verification"
        lead={
          required
            ? "Your business requires two-step verification. Set it up to go on."
            : "A code from an app on your phone, asked after your password."
        }
      />
      {problem && (
        <p className="banner banner-error" role="alert">
          {problem}
        </p>
      )}
      {recoveryCodes ? (
        <section className="account-card" aria-labelledby="recovery-title">
          <h2 id="recovery-title">Two-step verification is on</h2>
          <p>
            Keep these recovery codes somewhere safe. Each works once, when your phone is not at hand. They are not
            shown again.
          </p>
          <ul className="two-step__codes" aria-label="Recovery codes">
            {recoveryCodes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <button className="btn btn-primary" type="button" onClick={() => navigate(homeOf(getUser()))}>
            Done
          </button>
        </section>
      ) : (
        <LoadState<TotpStatus> load={status} loading="Loading..." failed="Could not load your sign-in settings.">
          {(data) =>
            data.enabled ? (
              <section className="account-card">
                <p>
                  <strong>On.</strong> {data.recoveryCodesLeft} recovery codes left.
                </p>
                <button className="btn adm-btn-danger" type="button" disabled={busy} onClick={() => void turnOff()}>
                  Turn off
                </button>
              </section>
            ) : setup ? (
              <section className="account-card">
                <ol className="two-step__steps">
                  <li>Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy...).</li>
                </ol>
                <QrCode url={setup.otpauthUrl} />
                <p>
                  Or type this key: <code className="two-step__secret">{setup.secret}</code>
                </p>
                <form onSubmit={confirm}>
                  <TextField
                    id="two-step-code"
                    label="Code from the app"
                    name="code"
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    required
                    maxLength={6}
                    value={code}
                    onChange={setCode}
                  />
                  <button className="btn btn-primary" type="submit" disabled={busy}>
                    {busy ? "Checking..." : "Turn on"}
                  </button>
                </form>
              </section>
            ) : (
              <section className="account-card">
                <p>Off. Anyone with your password can sign in as you.</p>
                <button className="btn btn-primary" type="button" disabled={busy} onClick={() => void start()}>
                  Set up
                </button>
              </section>
            )
          }
        </LoadState>
      )}
    </div>
  );
}
