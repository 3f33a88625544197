import { useState } from "react";
import { useParams } from "react-router-dom";
import { Link } from "../../components/Link.tsx";
import { unsubscribe } from "./api.ts";
import { failureText } from "../../lib/http.ts";
import { telHref, useProfile } from "../../lib/profile.tsx";
import "./UnsubscribePage.css";

type State = { kind: "ready" } | { kind: "busy" } | { kind: "done" } | { kind: "problem"; text: string };

/**
 * The page behind the unsubscribe link of the yearly reminder: one click, no login. Opening it changes
 * nothing (mail scanners open links); the button does.
 */
export default function UnsubscribePage() {
  const { token = "" } = useParams();
  const profile = useProfile();
  const [state, setState] = useState<State>({ kind: "ready" });

  const confirm = async () => {
    setState({ kind: "busy" });
    try {
      await unsubscribe(token);
      setState({ kind: "done" });
    } catch (error) {
      console.warn("Unsubscribing failed", error);
      setState({ kind: "problem", text: failureText(error, { otherwise: "That did not work. Please call us." }) });
    }
  };

  return (
    <section className="section unsubscribe">
      <div className="container">
        <div className="card unsubscribe__card">
          <h1>Yearly Reminders</h1>
          {state.kind === "done" ? (
            <div role="status">
              <p className="unsubscribe__lead">You are unsubscribed.</p>
              <p>{profile.name} will send you no more yearly reminders. E-mails about visits you book still arrive.</p>
              <Link to="/" className="btn btn-outline">
                Back to Home
              </Link>
            </div>
          ) : (
            <>
              <p className="unsubscribe__lead">Stop the yearly reminder e-mails from {profile.name}?</p>
              <p>E-mails about visits you book (confirmations and the reminder the day before) still arrive.</p>
              {state.kind === "problem" && (
                <p role="alert" className="banner banner-error">
                  {state.text} <a href={telHref(profile.phone)}>{profile.phone}</a>
                </p>
              )}
              <button type="button" className="btn btn-primary" disabled={state.kind === "busy"} onClick={confirm}>
                {state.kind === "busy" ? "Unsubscribing…" : "Unsubscribe"}
              </button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
