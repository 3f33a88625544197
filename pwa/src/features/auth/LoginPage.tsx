import { useState, type FormEvent } from "react";
import { Navigate, useNavigate } from "react-router-dom";
import { MESSAGES } from "@contracts/common/messages.ts";
import { PasswordField } from "../../components/form/PasswordField.tsx";
import { TextField } from "../../components/form/Field.tsx";
import { failureText } from "../../lib/http.ts";
import { getUser, hasValidSession, homeOf, saveSession } from "../../lib/session.ts";
import { accountApi, needsCode, secondFactorOf } from "../../lib/account.ts";
import type { LoginResponse } from "@contracts/staff/staff.ts";
import { login } from "./api.ts";
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

  // Someone already signed in has nothing to do here.
  if (hasValidSession() && !busy) return <Navigate to={homeOf(getUser())} replace />;

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
      signedIn(answer);
    } catch (err) {
      setError(loginErrorText(err));
      setBusy(false);
    }
  }

  function signedIn({ token, user, setupRequired }: LoginResponse) {
    saveSession(token, user);
    // The sign-in policy wants a second factor first: nothing else opens until it is set up.
    navigate(setupRequired ? "/account/two-step?required=1" : homeOf(user), { replace: true });
  }

  function startOver() {
    setChallenge(null);
    setCode("");
    setPassword("");
    setError(null);
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
              autoComplete="username"
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
        <p className="admin-login__footer">Don&apos;t have an account? Please contact the system administrator.</p>
      </section>
    </div>
  );
}
