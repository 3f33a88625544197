import { SMS_CONSENT_MESSAGES, type SmsConsent } from "@contracts/texts/texts.ts";
import { useEffect, useState } from "react";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { formatPhone } from "../../lib/phone.ts";
import { useProfile } from "../../lib/profile.tsx";
import { fetchSmsConsent, saveSmsConsent } from "./api.ts";

const textConsentMessages = defineMessages({
  title: { id: "public.portal.texts.title", defaultMessage: "Texts from us" },
  noMobile: {
    id: "public.portal.texts.noMobile",
    defaultMessage: "We have no mobile number for you. Call us to add one.",
  },
  switch: { id: "public.portal.texts.switch", defaultMessage: "Text me about my visits" },
  at: { id: "public.portal.texts.at", defaultMessage: "at {phone}" },
  optedOut: {
    id: "public.portal.texts.optedOut",
    defaultMessage:
      "You replied STOP, so we no longer text this number. To get texts again, reply START to any of our texts.",
  },
  notLoaded: { id: "public.portal.texts.notLoaded", defaultMessage: "Your text settings could not be loaded." },
  notSaved: { id: "public.portal.texts.notSaved", defaultMessage: "That change was not saved. Please try again." },
});
const m = textConsentMessages;

/**
 * The customer's own consent to texts: on with the disclosure shown beside the box (kept with their consent, in the
 * language they read it in), off at any time. A number that replied STOP is opted in again only by replying START,
 * as carriers require.
 */
export function TextConsent({ initial }: { initial?: SmsConsent }) {
  const profile = useProfile();
  const { t } = useTranslator();
  const [consent, setConsent] = useState<SmsConsent | null>(initial ?? null);
  const served = initial !== undefined;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const disclosure = t(SMS_CONSENT_MESSAGES.disclosure, { business: profile.name });
  useEffect(() => {
    // The page the server rendered came with it.
    if (served) return;
    fetchSmsConsent().then(setConsent, () => setProblem(t(m.notLoaded)));
  }, [served, t]);
  const change = async (on: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      setConsent(await saveSmsConsent(on ? { consent: "granted", disclosure } : { consent: "none" }));
    } catch {
      setProblem(t(m.notSaved));
    } finally {
      setBusy(false);
    }
  };
  const optedOut = consent?.consent === "opted-out";
  return (
    <section aria-labelledby="portal-texts" className="card portal-card">
      <h2 id="portal-texts">{t(m.title)}</h2>
      {consent && !consent.phone ? (
        <p className="portal-muted">{t(m.noMobile)}</p>
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
              <strong>{t(m.switch)}</strong>
              {consent?.phone && (
                <span className="portal-muted"> {t(m.at, { phone: formatPhone(consent.phone) })}</span>
              )}
            </span>
          </label>
          <p id="portal-texts-disclosure" className="portal-muted">
            {disclosure}
          </p>
          {optedOut && <p className="portal-muted">{t(m.optedOut)}</p>}
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
