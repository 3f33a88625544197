import { useCallback, useEffect, useState, type FormEvent } from "react";
import type { LoginResponse } from "@contracts/staff/staff.ts";
import { Navigate, useNavigate } from "react-router-dom";
import { MESSAGES } from "@contracts/common/messages.ts";
import { PasswordField } from "../../components/form/PasswordField.tsx";
import { TextField } from "../../components/form/Field.tsx";
import { ApiError, failureText } from "../../lib/http.ts";
import { getUser, hasValidSession, homeOf, saveSession } from "../../lib/session.ts";
import { accountApi, needsCode, secondFactorOf } from "../../lib/account.ts";
import { passkeyErrorText } from "../../lib/passkeyErrors.ts";
import { login } from "./api.ts";
import { passkeyAutofill, signInWithPasskey, stopPasskeyAutofill } from "./passkeySignIn.ts";
import "./LoginPage.css";

function loginErrorText(error: unknown): string {
  return failureText(error, { network: MESSAGES.loginNetwork, otherwise: MESSAGES.loginFailed });
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // After the password, for a person with two-step verification: the server's challenge and the code typed.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const signedIn = hasValidSession();

  const enter = useCallback(
    ({ token, user, setupRequired }: LoginResponse) => {
      saveSession(token, user);
      // The sign-in policy wants a second factor first: nothing else opens until it is set up.
      navigate(setupRequired ? "/account/two-step?required=1" : homeOf(user), { replace: true });
    },
    [navigate],
  );

  // The device's passkeys offered in the e-mail field's autofill, where the browser can: picking one signs in.
  useEffect(() => {
    if (signedIn) return;
    let left = false;
    void passkeyAutofill()
      .then((answer) => {
        if (answer && !left) enter(answer);
      })
      // A passkey the server refused is said; a request cancelled (by the button's prompt, by leaving) or one the
      // browser could not make is not: the button and the password remain.
      .catch((err: unknown) => {
        if (err instanceof ApiError && !left) setError(passkeyErrorText(err, MESSAGES.loginFailed));
      });
    return () => {
      left = true;
      void stopPasskeyAutofill();
    };
  }, [signedIn, enter]);

  // Someone already signed in has nothing to do here.
  if (signedIn && !busy) return <Navigate to={homeOf(getUser())} replace />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = challenge
        ? await accountApi.finishLogin(challenge, secondFactorOf(code))
        : await login(email.trim(), password);
      if (needsCode(answer)) {
        setChallenge(answer.challenge);
        setBusy(false);
        return;
      }
      enter(answer);
    } catch (err) {
      setError(loginErrorText(err));
      setBusy(false);
    }
  }

  function startOver() {
    setChallenge(null);
    setCode("");
    setPassword("");
    setError(null);
  }

  async function onPasskey() {
    setBusy(true);
    setError(null);
    try {
      enter(await signInWithPasskey());
    } catch (err) {
      setError(passkeyErrorText(err, MESSAGES.loginFailed));
      setBusy(false);
    }
  }

  return (
    <div className="admin-login">
      <section className="admin-login__card" aria-labelledby="admin-login-title">
        <h1 id="admin-login-title" className="admin-login__title">
          Admin Login
        </h1>
        <p className="admin-login__lead">Sign in to manage bookings, services and customers.</p>
        {error && (
          <p className="banner banner-error admin-login__error" role="alert">
            {error}
          </p>
        )}
        {challenge ? (
          <form className="admin-login__form" onSubmit={onSubmit}>
            <TextField
              id="admin-login-code"
              label="Authentication code"
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              required
              markRequired={false}
              maxLength={40}
              value={code}
              onChange={setCode}
              hint="The 6-digit code from your authenticator app, or one of your recovery codes."
            />
            <button className="btn btn-primary btn-block admin-login__submit" type="submit" disabled={busy}>
              {busy ? "Verifying..." : "Verify"}
            </button>
            <button className="btn btn-link btn-block" type="button" onClick={startOver}>
              Start over
            </button>
          </form>
        ) : (
          <form className="admin-login__form" onSubmit={onSubmit}>
            <TextField
              id="admin-login-email"
              label="Email"
              type="email"
              name="email"
              autoComplete="username webauthn"
              inputMode="email"
              required
              markRequired={false}
              value={email}
              onChange={setEmail}
            />
            <PasswordField
              id="admin-login-password"
              label="Password"
              name="password"
              autoComplete="current-password"
              required
              markRequired={false}
              value={password}
              onChange={setPassword}
            />
            <button className="btn btn-primary btn-block admin-login__submit" type="submit" disabled={busy}>
              {busy ? "Logging in..." : "Login"}
            </button>
          </form>
        )}
        {!challenge && (
          <>
            <p className="admin-login__or" aria-hidden="true">
              or
            </p>
            <button
              className="btn btn-outline btn-block admin-login__passkey"
              type="button"
              disabled={busy}
              onClick={onPasskey}
            >
              Sign in with a passkey
            </button>
          </>
        )}
        <p className="admin-login__footer">Don&apos;t have an account? Please contact the system administrator.</p>
      </section>
    </div>
  );
}
