import { useState, type FormEvent } from "react";
import { TextField } from "../../components/form/Field.tsx";
import { askForLink } from "./api.ts";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { failureIn } from "./failure.ts";

const m = defineMessages({
  failed: { id: "public.portal.ask.failed", defaultMessage: "That did not work. Please try again." },
  checkMail: { id: "public.portal.ask.checkMail", defaultMessage: "Check your e-mail" },
  another: { id: "public.portal.ask.another", defaultMessage: "Use another address" },
  lead: {
    id: "public.portal.ask.lead",
    defaultMessage: "See your visits, service reports, estimates and invoices in one place.",
  },
  how: {
    id: "public.portal.ask.how",
    defaultMessage:
      "Enter the e-mail address you booked with. We will send you a link that signs you in: no password needed.",
  },
  email: { id: "public.portal.ask.email", defaultMessage: "E-mail" },
  sending: { id: "public.portal.ask.sending", defaultMessage: "Sending…" },
  send: { id: "public.portal.ask.send", defaultMessage: "E-mail me a sign-in link" },
});

type State = { kind: "idle" } | { kind: "busy" } | { kind: "sent"; text: string } | { kind: "problem"; error: unknown };

/** Asks for a sign-in link by e-mail: whoever types an address is told the same thing. */
export function AskLink({ lead }: { lead?: string }) {
  const [email, setEmail] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });
  const { t } = useTranslator();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ kind: "busy" });
    try {
      setState({ kind: "sent", text: (await askForLink(email)).message });
    } catch (error) {
      setState({ kind: "problem", error });
    }
  };

  if (state.kind === "sent") {
    return (
      <div role="status" className="portal-sent">
        <p className="portal-lead">{t(m.checkMail)}</p>
        <p>{state.text}</p>
        <button type="button" className="btn btn-outline" onClick={() => setState({ kind: "idle" })}>
          {t(m.another)}
        </button>
      </div>
    );
  }
  return (
    <form className="portal-ask" onSubmit={submit}>
      <p className="portal-lead">{lead ?? t(m.lead)}</p>
      <p className="portal-muted">{t(m.how)}</p>
      <TextField
        label={t(m.email)}
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
          {failureIn(t, state.error, m.failed)}
        </p>
      )}
      <button type="submit" className="btn btn-primary portal-wide" disabled={state.kind === "busy"}>
        {t(state.kind === "busy" ? m.sending : m.send)}
      </button>
    </form>
  );
}
