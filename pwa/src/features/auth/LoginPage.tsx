import { useState, type FormEvent } from "react";
import { Navigate, useNavigate } from "react-router-dom";
import { MESSAGES } from "@contracts/common/messages.ts";
import { PasswordField } from "../../components/form/PasswordField.tsx";
import { TextField } from "../../components/form/Field.tsx";
import { failureText } from "../../lib/http.ts";
import { getUser, hasValidSession, homeOf, saveSession } from "../../lib/session.ts";
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

  // Someone already signed in has nothing to do here.
  if (hasValidSession() && !busy) return <Navigate to={homeOf(getUser())} replace />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { token, user } = await login(email.trim(), password);
      saveSession(token, user);
      navigate(homeOf(user), { replace: true });
    } catch (err) {
      setError(loginErrorText(err));
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
        <p className="admin-login__footer">Don&apos;t have an account? Please contact the system administrator.</p>
      </section>
    </div>
  );
}
