import { Icon } from "../../components/Icon.tsx";
import { telHref, useProfileInLanguage } from "../../lib/profile.tsx";

/** Phone and e-mail lines with the opening hours, beside the booking form. */
export function ContactBox() {
  const profile = useProfileInLanguage();
  return (
    <aside className="booking-aside" aria-labelledby="booking-help-title">
      <div className="booking-contact">
        <h2 id="booking-help-title">Prefer to talk to us?</h2>
        <p className="booking-contact__line">
          <Icon name="phone" size={20} />
          <span>
            Call: <a href={telHref(profile.phone)}>{profile.phone}</a>
          </span>
        </p>
        <p className="booking-contact__line">
          <Icon name="mail" size={20} />
          <span>
            Email: <a href={`mailto:${profile.email}`}>{profile.email}</a>
          </span>
        </p>
        <p className="booking-contact__hours">We are open {profile.hoursText}.</p>
      </div>
      <div className="booking-next">
        <h2>What happens next</h2>
        <ol>
          <li>You get a confirmation e-mail right away.</li>
          <li>We call within 24 hours to confirm your visit.</li>
          <li>A certified technician arrives in your time slot.</li>
        </ol>
      </div>
    </aside>
  );
}
