import { useState } from "react";
import { LOCALE_NAMES, LOCALES, type Locale } from "@contracts/i18n/locales.ts";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { saveLanguage } from "./api.ts";

const messages = defineMessages({
  title: { id: "public.portal.language.title", defaultMessage: "Language" },
  hint: {
    id: "public.portal.language.hint",
    defaultMessage: "Your page, our e-mails and texts, and your estimates and invoices come in this language.",
  },
  failed: { id: "public.portal.language.failed", defaultMessage: "That change was not saved. Please try again." },
});

/**
 * "English | Español" on the customer's own page: kept on their record (what everything sent to them is written in)
 * and on this device, each language named in itself. The pressed one is the page's. The header's LanguageSwitch is
 * not given a callback for this: it is in every page's entry, and /booking's budget has no room for it.
 */
export function PortalLanguage() {
  const { locale, setLocale, t } = useTranslator();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (chosen: Locale) => {
    setSaving(true);
    setProblem(null);
    try {
      await saveLanguage(chosen);
      setLocale(chosen);
    } catch {
      setProblem(t(messages.failed));
    } finally {
      setSaving(false);
    }
  };
  return (
    <section aria-labelledby="portal-language" className="card portal-card">
      <h2 id="portal-language">{t(messages.title)}</h2>
      <div className="language-switch portal-language" role="group" aria-labelledby="portal-language">
        {LOCALES.map((option, index) => (
          <span key={option}>
            {index > 0 && <span aria-hidden="true"> | </span>}
            <button
              type="button"
              lang={option}
              aria-pressed={locale === option}
              disabled={saving}
              className="language-switch__option"
              onClick={() => void choose(option)}
            >
              {LOCALE_NAMES[option]}
            </button>
          </span>
        ))}
      </div>
      <p className="portal-muted">{t(messages.hint)}</p>
      {problem && (
        <p role="alert" className="banner banner-error">
          {problem}
        </p>
      )}
    </section>
  );
}
