import { smsDisclosure, type SmsConsent } from "@contracts/texts/texts.ts";
import { useEffect, useState } from "react";
import { formatPhone } from "../../lib/phone.ts";
import { useProfile } from "../../lib/profile.tsx";
import { fetchSmsConsent, saveSmsConsent } from "./api.ts";

/**
 * The customer's own consent to texts: on with the disclosure shown beside the box (kept with their consent), off at
 * any time. A number that replied STOP is opted in again only by replying START, as carriers require.
 */
export function TextConsent({ initial }: { initial?: SmsConsent }) {
  const profile = useProfile();
  const [consent, setConsent] = useState<SmsConsent | null>(initial ?? null);
  const served = initial !== undefined;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const disclosure = smsDisclosure(profile.name);
  useEffect(() => {
    // The page the server rendered came with it.
    if (served) return;
    fetchSmsConsent().then(setConsent, () => setProblem("Your text settings could not be loaded."));
  }, [served]);
  const change = async (on: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      setConsent(await saveSmsConsent(on ? { consent: "granted", disclosure } : { consent: "none" }));
    } catch {
      setProblem("That change was not saved. Please try again.");
    } finally {
      setBusy(false);
    }
  };
  const optedOut = consent?.consent === "opted-out";
  return (
    <section aria-labelledby="portal-texts" className="card portal-card">
      <h2 id="portal-texts">Texts from us</h2>
      {consent && !consent.phone ? (
        <p className="portal-muted">We have no mobile number for you. Call us to add one.</p>
      ) : (
        <>
          <label className="portal-switch">
            <input
              type="checkbox"
              checked={consent?.consent === "granted"}
              disabled={!consent || busy || optedOut}
              aria-describedby="portal-texts-disclosure"
              onChange={(e) => void change(e.target.checked)}
            />
            <span>
              <strong>Text me about my visits</strong>
              {consent?.phone && <span className="portal-muted"> at {formatPhone(consent.phone)}</span>}
            </span>
          </label>
          <p id="portal-texts-disclosure" className="portal-muted">
            {disclosure}
          </p>
          {optedOut && (
            <p className="portal-muted">
              You replied STOP, so we no longer text this number. To get texts again, reply START to any of our texts.
            </p>
          )}
        </>
      )}
      {problem && (
        <p role="alert" className="banner banner-error">
          {problem}
        </p>
      )}
    </section>
  );
}
