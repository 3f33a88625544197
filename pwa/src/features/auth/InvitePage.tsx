import { MIN_PASSWORD_LENGTH } from "@contracts/staff/schemas.ts";
import { useCallback, useState, type FormEvent } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { LoadState } from "../../components/LoadState.tsx";
import { PasswordField } from "../../components/form/PasswordField.tsx";
import { ApiError, NetworkError } from "../../lib/http.ts";
import { homeOf, saveSession } from "../../lib/session.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { acceptInvitation, fetchInvitation } from "./api.ts";
import "./LoginPage.css";

function invalidText(error: unknown): string {
  if (error instanceof NetworkError)
    return "We could not reach the server. Check the connection and open the link again.";
  if (error instanceof ApiError && error.status === 410)
    return "This invitation has expired or was already used. Ask the office to send you a new one.";
  return "This invitation link is not valid. Ask the office to send you a new one.";
}

/** /invite/{token}: a new staff member chooses a password and is signed in. */
export default function InvitePage() {
  const { token = "" } = useParams();
  const invitation = useLoad(useCallback(() => fetchInvitation(token), [token]));
  return (
    <div className="admin-login">
      <section className="admin-login__card" aria-labelledby="invite-title">
        {invitation.state === "failed" && (
          <h1 id="invite-title" className="admin-login__title">
            Invitation Not Valid
          </h1>
        )}
        <LoadState load={invitation} loading="Checking your invitation..." failed={invalidText}>
          {({ name, email }) => <InviteForm token={token} name={name} email={email} />}
        </LoadState>
      </section>
    </div>
  );
}

/** The invited person's new password, twice. */
function InviteForm({ token, name, email }: { token: string; name: string; email: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) {
      setError(`Your password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
      return;
    }
    if (password !== again) {
      setError("The two passwords are not the same.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { token: session, user } = await acceptInvitation(token, password);
      saveSession(session, user);
      navigate(homeOf(user), { replace: true });
    } catch (e) {
      setError(e instanceof ApiError && e.status !== 410 && e.body?.message ? e.body.message : invalidText(e));
      setBusy(false);
    }
  }

  return (
    <>
      <h1 id="invite-title" className="admin-login__title">
        Welcome, {name}
      </h1>
      <p className="admin-login__lead">
        Choose a password for <strong>{email}</strong>. You will use it to sign in on your phone or tablet.
      </p>
      {error && (
        <p className="banner banner-error admin-login__error" role="alert">
          {error}
        </p>
      )}
      <form className="admin-login__form" onSubmit={(e) => void onSubmit(e)} noValidate>
        {/* The e-mail, for the browser's password manager to save with the new password. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          id="invite-password"
          label="New password"
          name="password"
          autoComplete="new-password"
          required
          markRequired={false}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters; a common password is refused.`}
          value={password}
          onChange={setPassword}
        />
        <PasswordField
          id="invite-again"
          label="Repeat the password"
          name="password-again"
          autoComplete="new-password"
          required
          markRequired={false}
          value={again}
          onChange={setAgain}
        />
        <button className="btn btn-primary btn-block admin-login__submit" type="submit" disabled={busy}>
          {busy ? "Setting up..." : "Set Password and Sign In"}
        </button>
      </form>
    </>
  );
}
