import { defineMessages } from "@contracts/i18n/messages.ts";
import { LanguageSwitch } from "../components/LanguageSwitch.tsx";
import { useTranslator } from "../lib/i18n/I18nProvider.tsx";
import { telHref, useProfileInLanguage } from "../lib/profile.tsx";

const messages = defineMessages({
  emergency: { id: "public.topBar.emergency", defaultMessage: "Emergency Service:" },
  hours: { id: "public.topBar.hours", defaultMessage: "Business Hours:" },
});

export function TopBar() {
  const profile = useProfileInLanguage();
  const { t } = useTranslator();
  return (
    <div className="top-bar">
      <div className="container top-bar__inner">
        <p>
          <span className="top-bar__label">{t(messages.emergency)}</span>{" "}
          <a href={telHref(profile.phone)}>{profile.phone}</a>
        </p>
        <p>
          <span className="top-bar__label">{t(messages.hours)}</span> {profile.hoursShort}
        </p>
        <LanguageSwitch className="top-bar__language" />
      </div>
    </div>
  );
}
