import { useSearchParams } from "react-router-dom";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { Link } from "../../components/Link.tsx";
import { Icon } from "../../components/Icon.tsx";
import { failureAdvice, retryTarget } from "../../lib/offline-queue/failureAdvice.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { telHref, useProfile } from "../../lib/profile.tsx";
import { useQueuedBooking } from "./useQueuedBooking.ts";
import "./ThankYouPage.css";

const ICONS = { confirmed: "check", queued: "clock", failed: "phone" } as const;

const messages = defineMessages({
  confirmed: { id: "public.thankYou.confirmed", defaultMessage: "Thank You! Your Booking Is Confirmed" },
  received: {
    id: "public.thankYou.received",
    defaultMessage:
      "We've received your appointment request and sent a confirmation e-mail with the details to your inbox.",
  },
  contact: {
    id: "public.thankYou.contact",
    defaultMessage: "Our team will contact you within 24 hours to confirm your appointment.",
  },
  emergency: { id: "public.thankYou.emergency", defaultMessage: "Need help sooner? Emergency service:" },
  home: { id: "public.thankYou.home", defaultMessage: "Back to Home" },
  services: { id: "public.thankYou.services", defaultMessage: "Explore Services" },
});

/**
 * The confirmation. `?queued=<queue item id>` is the variant for a booking kept on this device because the server
 * could not be reached; it turns into the confirmation once the device queue has delivered that booking (from this tab,
 * another one or the service worker), and says so if the server refused it on replay.
 */
export default function ThankYouPage() {
  const profile = useProfile();
  const { t } = useTranslator();
  const [params] = useSearchParams();
  const outcome = useQueuedBooking(params.get("queued"));
  const variant = outcome?.state === "failed" ? "failed" : outcome?.state === "waiting" ? "queued" : "confirmed";

  return (
    <section className="section thank-you">
      <div className="container">
        <div className="card thank-you__card" aria-live="polite">
          <span className={`thank-you__icon thank-you__icon--${variant}`}>
            <Icon name={ICONS[variant]} size={40} />
          </span>
          {outcome?.state === "failed" ? (
            <>
              <h1>Your Booking Was Not Accepted</h1>
              <p>{failureAdvice(outcome.item)}</p>
            </>
          ) : variant === "queued" ? (
            <>
              <h1>Your Booking Is Saved on This Device</h1>
              <p>
                We couldn't reach our server, so your booking is saved on this device and will be sent automatically as
                soon as the connection is back, even if you close this page.
              </p>
              <p>
                Once it arrives, we'll send a confirmation e-mail and contact you within 24 hours to confirm your
                appointment.
              </p>
            </>
          ) : (
            <>
              <h1>{t(messages.confirmed)}</h1>
              <p>{t(messages.received)}</p>
              <p>{t(messages.contact)}</p>
            </>
          )}
          <p className="thank-you__emergency">
            {t(messages.emergency)}{" "}
            <a href={telHref(profile.phone)}>
              <strong>{profile.phone}</strong>
            </a>
          </p>
          <div className="thank-you__actions">
            {outcome?.state === "failed" && (
              <Link
                to={retryTarget(outcome.item).to}
                state={retryTarget(outcome.item).state}
                className="btn btn-accent"
                // The device queue (IndexedDB) stays out of this page's chunk: only this variant needs it.
                onClick={() =>
                  void import("../../lib/offline-queue/publicWrites.ts").then((m) => m.dismissFailed(outcome.item.id))
                }
              >
                Book Again
              </Link>
            )}
            <Link to="/" className="btn btn-primary">
              {t(messages.home)}
            </Link>
            <Link to="/services" className="btn btn-outline">
              {t(messages.services)}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
