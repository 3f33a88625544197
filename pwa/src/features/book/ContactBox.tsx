import { defineMessages } from "@contracts/i18n/messages.ts";
import { Icon } from "../../components/Icon.tsx";
import { useTranslator } from "../../lib/i18n/translator.ts";
import { telHref, useProfileInLanguage } from "../../lib/profile.tsx";

const messages = defineMessages({
  title: { id: "public.booking.help.title", defaultMessage: "Prefer to talk to us?" },
  call: { id: "public.booking.help.call", defaultMessage: "Call:" },
  email: { id: "public.booking.help.email", defaultMessage: "Email:" },
  open: { id: "public.booking.help.open", defaultMessage: "We are open {hours}." },
  next: { id: "public.booking.help.next", defaultMessage: "What happens next" },
  confirmation: { id: "public.booking.help.confirmation", defaultMessage: "You get a confirmation e-mail right away." },
  call24: { id: "public.booking.help.call24", defaultMessage: "We call within 24 hours to confirm your visit." },
  arrives: { id: "public.booking.help.arrives", defaultMessage: "A certified technician arrives in your time slot." },
});

/** Phone and e-mail lines with the opening hours, beside the booking form. */
export function ContactBox() {
  const profile = useProfileInLanguage();
  const { t } = useTranslator();
  return (
    <aside className="booking-aside" aria-labelledby="booking-help-title">
      <div className="booking-contact">
        <h2 id="booking-help-title">{t(messages.title)}</h2>
        <p className="booking-contact__line">
          <Icon name="phone" size={20} />
          <span>
            {t(messages.call)} <a href={telHref(profile.phone)}>{profile.phone}</a>
          </span>
        </p>
        <p className="booking-contact__line">
          <Icon name="mail" size={20} />
          <span>
            {t(messages.email)} <a href={`mailto:${profile.email}`}>{profile.email}</a>
          </span>
        </p>
        <p className="booking-contact__hours">{t(messages.open, { hours: profile.hoursText })}</p>
      </div>
      <div className="booking-next">
        <h2>{t(messages.next)}</h2>
        <ol>
          <li>{t(messages.confirmation)}</li>
          <li>{t(messages.call24)}</li>
          <li>{t(messages.arrives)}</li>
        </ol>
      </div>
    </aside>
  );
}
