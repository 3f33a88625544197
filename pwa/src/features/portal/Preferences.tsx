import { useEffect, useState } from "react";
import type { PortalPreferences } from "@contracts/portal/portal.ts";
import { defineMessages, type MessageDescriptor } from "@contracts/i18n/messages.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { fetchPreferences, savePreferences } from "./api.ts";

const messages = defineMessages({
  title: { id: "public.portal.prefs.title", defaultMessage: "E-mails from us" },
  visitReminders: { id: "public.portal.prefs.visitReminders", defaultMessage: "Visit reminders" },
  visitHint: { id: "public.portal.prefs.visitHint", defaultMessage: "The day before each visit." },
  yearlyReminders: { id: "public.portal.prefs.yearlyReminders", defaultMessage: "Yearly reminders" },
  yearlyHint: { id: "public.portal.prefs.yearlyHint", defaultMessage: "When your next yearly cleaning is due." },
  notLoaded: { id: "public.portal.prefs.notLoaded", defaultMessage: "Your e-mail settings could not be loaded." },
  notSaved: { id: "public.portal.prefs.notSaved", defaultMessage: "That change was not saved. Please try again." },
});

const SWITCHES: { key: keyof PortalPreferences; title: MessageDescriptor; hint: MessageDescriptor }[] = [
  { key: "visitReminders", title: messages.visitReminders, hint: messages.visitHint },
  { key: "yearlyReminders", title: messages.yearlyReminders, hint: messages.yearlyHint },
];

/**
 * The customer's own e-mail switches; e-mails about a visit they book (confirmations, reports) always come. `initial`:
 * as the server rendered the page with them.
 */
export function Preferences({ initial }: { initial?: PortalPreferences }) {
  const [prefs, setPrefs] = useState<PortalPreferences | null>(initial ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const served = initial !== undefined;
  const { t } = useTranslator();
  useEffect(() => {
    // The page the server rendered came with them.
    if (served) return;
    fetchPreferences().then(setPrefs, () => setProblem(t(messages.notLoaded)));
  }, [served, t]);
  const change = async (key: keyof PortalPreferences, on: boolean) => {
    setProblem(null);
    try {
      setPrefs(await savePreferences({ [key]: on }));
    } catch {
      setProblem(t(messages.notSaved));
    }
  };
  return (
    <section aria-labelledby="portal-prefs" className="card portal-card">
      <h2 id="portal-prefs">{t(messages.title)}</h2>
      {SWITCHES.map(({ key, title, hint }) => (
        <label key={key} className="portal-switch">
          <input
            type="checkbox"
            checked={prefs?.[key] ?? true}
            disabled={!prefs}
            onChange={(e) => void change(key, e.target.checked)}
          />
          <span>
            <strong>{t(title)}</strong>
            <span className="portal-muted"> {t(hint)}</span>
          </span>
        </label>
      ))}
      {problem && (
        <p role="alert" className="banner banner-error">
          {problem}
        </p>
      )}
    </section>
  );
}
