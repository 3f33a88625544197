import { LOCALE_NAMES, LOCALES } from "@contracts/i18n/locales.ts";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { useTranslator } from "../lib/i18n/I18nProvider.tsx";

const messages = defineMessages({
  label: { id: "public.language.label", defaultMessage: "Language" },
});

/**
 * "English | Español": each language in its own name, so a visitor finds theirs whichever is shown. The chosen one is
 * pressed; the choice is kept on the device (lib/i18n/locale.ts).
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const { locale, setLocale, t } = useTranslator();
  return (
    <div className={`language-switch ${className}`} role="group" aria-label={t(messages.label)}>
      {LOCALES.map((option, index) => (
        <span key={option}>
          {index > 0 && <span aria-hidden="true"> | </span>}
          <button
            type="button"
            lang={option}
            aria-pressed={locale === option}
            className="language-switch__option"
            onClick={() => setLocale(option)}
          >
            {LOCALE_NAMES[option]}
          </button>
        </span>
      ))}
    </div>
  );
}
