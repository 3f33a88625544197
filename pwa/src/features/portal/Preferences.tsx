import { useEffect, useState } from "react";
import type { PortalPreferences } from "@contracts/portal/portal.ts";
import { fetchPreferences, savePreferences } from "./api.ts";

const SWITCHES: { key: keyof PortalPreferences; title: string; hint: string }[] = [
  { key: "visitReminders", title: "Visit reminders", hint: "The day before each visit." },
  { key: "yearlyReminders", title: "Yearly reminders", hint: "When your next yearly cleaning is due." },
];

/** The customer's own e-mail switches; e-mails about a visit they book (confirmations, reports) always come. */
export function Preferences() {
  const [prefs, setPrefs] = useState<PortalPreferences | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    fetchPreferences().then(setPrefs, () => setProblem("Your e-mail settings could not be loaded."));
  }, []);
  const change = async (key: keyof PortalPreferences, on: boolean) => {
    setProblem(null);
    try {
      setPrefs(await savePreferences({ [key]: on }));
    } catch {
      setProblem("That change was not saved. Please try again.");
    }
  };
  return (
    <section aria-labelledby="portal-prefs" className="card portal-card">
      <h2 id="portal-prefs">E-mails from us</h2>
      {SWITCHES.map(({ key, title, hint }) => (
        <label key={key} className="portal-switch">
          <input
            type="checkbox"
            checked={prefs?.[key] ?? true}
            disabled={!prefs}
            onChange={(e) => void change(key, e.target.checked)}
          />
          <span>
            <strong>{title}</strong>
            <span className="portal-muted"> {hint}</span>
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
