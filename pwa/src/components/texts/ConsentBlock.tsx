import { smsDisclosure, type SmsConsent } from "@contracts/texts/texts.ts";
import { useState } from "react";
import { failureText } from "../../lib/http.ts";
import { formatPhone } from "../../lib/phone.ts";
import { useProfile } from "../../lib/profile.tsx";
import { changeConsent } from "./api.ts";
import { consentText } from "./words.ts";

interface Props {
  customerId: string;
  consent: SmsConsent;
  onChanged: (consent: SmsConsent) => void;
}

/**
 * Where a customer's consent to texts stands, and the office's switch: on only after reading the disclosure to them
 * on the phone (it is kept with their consent, as read), off at their word. A number that replied STOP is turned on
 * again only by the customer's own START, as carriers require.
 */
export function ConsentBlock({ customerId, consent, onChanged }: Props) {
  const profile = useProfile();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const disclosure = smsDisclosure(profile.name);

  const change = async (next: "granted" | "none") => {
    setBusy(true);
    setProblem(null);
    try {
      onChanged(
        await changeConsent(customerId, next === "granted" ? { consent: next, disclosure } : { consent: next }),
      );
      setAsking(false);
    } catch (error) {
      setProblem(failureText(error, { otherwise: "The consent to texts could not be changed." }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="texts-consent">
      <p className="texts-consent__state">
        {consent.phone && <span className="texts-consent__phone">{formatPhone(consent.phone)}</span>}
        <span>{consentText(consent)}</span>
      </p>
      {consent.phone && consent.consent === "granted" && (
        <button type="button" className="btn btn-outline adm-btn-small" disabled={busy} onClick={() => change("none")}>
          {busy ? "Turning off..." : "Turn texts off"}
        </button>
      )}
      {consent.consent === "opted-out" && (
        <p className="texts-consent__note">They replied STOP: only their own START reply turns texts on again.</p>
      )}
      {consent.phone && consent.consent === "none" && !asking && (
        <button type="button" className="btn btn-outline adm-btn-small" onClick={() => setAsking(true)}>
          Turn texts on by phone
        </button>
      )}
      {asking && (
        <div className="texts-consent__ask" role="group" aria-labelledby={`read-${customerId}`}>
          <p id={`read-${customerId}`} className="texts-consent__read">
            Read this to the customer, and turn texts on only if they agree:
          </p>
          <blockquote className="texts-consent__disclosure">{disclosure}</blockquote>
          <div className="texts-consent__actions">
            <button
              type="button"
              className="btn btn-primary adm-btn-small"
              disabled={busy}
              onClick={() => change("granted")}
            >
              {busy ? "Turning on..." : "They agreed: turn texts on"}
            </button>
            <button
              type="button"
              className="btn btn-outline adm-btn-small"
              disabled={busy}
              onClick={() => setAsking(false)}
            >
              Cancel
            </button>
          </div>
        </div>
      )}
      {problem && (
        <p role="alert" className="field-error">
          {problem}
        </p>
      )}
    </div>
  );
}
