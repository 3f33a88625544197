import { LOCALE_NAMES, LOCALES, type Locale } from "@contracts/i18n/locales.ts";
import { defineMessages } from "@contracts/i18n/messages.ts";
import type { StaffRole } from "@contracts/staff/staff.ts";
import { useState } from "react";
import { Link } from "../../components/Link.tsx";
import { LogoutButton } from "../LogoutButton.tsx";
import { ROLE_LABELS } from "../../features/staff/roles.ts";
import { persistence, persistenceText } from "../../lib/deviceStorage/persistence.ts";
import { accountApi } from "../../lib/account.ts";
import { failureText } from "../../lib/http.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { getToken, getUser, saveSession } from "../../lib/session.ts";
import { useDeviceRead } from "../../lib/useDeviceRead.ts";

const messages = defineMessages({
  language: { id: "field.account.language", defaultMessage: "Language" },
  notSaved: {
    id: "field.account.languageNotSaved",
    defaultMessage: "The language could not be changed. Please try again.",
  },
  yourAccount: { id: "field.account.links", defaultMessage: "Your account" },
  twoStep: { id: "field.account.twoStep", defaultMessage: "Two-step verification" },
  devices: { id: "field.account.devices", defaultMessage: "Devices" },
  passkeys: { id: "field.account.passkeys", defaultMessage: "Passkeys" },
});

/**
 * The language of one's screens, kept in one's account (so a new device starts in it) and on this device at once.
 * Needs the connection: a change that did not reach the account would come back at the next sign-in.
 */
function LanguageChoice() {
  const { t, locale, setLocale } = useTranslator();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (next: Locale) => {
    setSaving(true);
    setProblem(null);
    try {
      const { locale: kept } = await accountApi.setLanguage(next);
      const user = getUser();
      const token = getToken();
      if (user && token) saveSession(token, { ...user, locale: kept });
      setLocale(kept);
    } catch (error) {
      setProblem(failureText(error, { otherwise: t(messages.notSaved) }));
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="shell-account__language">
      <label htmlFor="account-language">{t(messages.language)}</label>
      <select
        id="account-language"
        value={locale}
        disabled={saving}
        onChange={(e) => void choose(e.target.value as Locale)}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
      {problem && (
        <p className="shell-account__problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * The account menu's content: who is signed in, in which role, whether this device keeps the app's storage for
 * good, and Logout. A chunk of its own, loaded when the menu opens: a screen that never logs out does not load the
 * logout's code.
 */
export default function AccountPanel({
  id,
  name,
  email,
  role,
}: {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
}) {
  const { t } = useTranslator();
  const storage = useDeviceRead(persistence).value;
  const words = storage && persistenceText(storage);

  return (
    <div className="shell-account__panel" id={id}>
      <p className="shell-account__who">
        <strong>{name}</strong>
        <span>{ROLE_LABELS[role]}</span>
        <span className="shell-account__email">{email}</span>
      </p>
      {words && (
        <p className={`shell-account__storage shell-account__storage--${storage === "granted" ? "kept" : "at-risk"}`}>
          <strong>{words.title}</strong>
          <span>{words.detail}</span>
        </p>
      )}
      <LanguageChoice />
      <nav className="shell-account__links" aria-label={t(messages.yourAccount)}>
        <Link to="/account/two-step">{t(messages.twoStep)}</Link>
        <Link to="/account/devices">{t(messages.devices)}</Link>
        <Link to="/dashboard/account/passkeys">{t(messages.passkeys)}</Link>
      </nav>
      <LogoutButton className="btn btn-primary shell-account__action" />
    </div>
  );
}
