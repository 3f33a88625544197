import { useState, type FormEvent } from "react";
import { failureText } from "../../lib/http.ts";
import { TextField } from "../../components/form/Field.tsx";
import { askForLink } from "./api.ts";

type State = { kind: "idle" } | { kind: "busy" } | { kind: "sent"; text: string } | { kind: "problem"; text: string };

/** Asks for a sign-in link by e-mail: whoever types an address is told the same thing. */
export function AskLink({ lead }: { lead?: string }) {
  const [email, setEmail] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ kind: "busy" });
    try {
      setState({ kind: "sent", text: (await askForLink(email)).message });
    } catch (error) {
      setState({ kind: "problem", text: failureText(error, { otherwise: "That did not work. Please try again." }) });
    }
  };

  if (state.kind === "sent") {
    return (
      <div role="status" className="portal-sent">
        <p className="portal-lead">Check your e-mail</p>
        <p>{state.text}</p>
        <button type="button" className="btn btn-outline" onClick={() => setState({ kind: "idle" })}>
          Use another address
        </button>
      </div>
    );
  }
  return (
    <form className="portal-ask" onSubmit={submit}>
      <p className="portal-lead">{lead ?? "See your visits, service reports, estimates and invoices in one place."}</p>
      <p className="portal-muted">
        Enter the e-mail address you booked with. We will send you a link that signs you in: no password needed.
      </p>
      <TextField
        label="E-mail"
        name="email"
        type="email"
        required
        markRequired={false}
        autoComplete="email"
        value={email}
        onChange={setEmail}
      />
      {state.kind === "problem" && (
        <p role="alert" className="banner banner-error">
          {state.text}
        </p>
      )}
      <button type="submit" className="btn btn-primary portal-wide" disabled={state.kind === "busy"}>
        {state.kind === "busy" ? "Sending…" : "E-mail me a sign-in link"}
      </button>
    </form>
  );
}
