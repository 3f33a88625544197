import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { Icon } from "../../components/Icon.tsx";
import { subscribeOutbox } from "../../lib/outbox/events.ts";
import { telHref, useProfile } from "../../lib/profile.tsx";
import "./ThankYouPage.css";

/**
 * The confirmation. `?queued=1` is the variant for a booking kept on this device while offline; it turns into
 * the confirmation as soon as the outbox delivers the booking (from this tab, another one or the service worker).
 */
export default function ThankYouPage() {
  const profile = useProfile();
  const [params] = useSearchParams();
  const [queued, setQueued] = useState(params.get("queued") === "1");

  useEffect(() => {
    if (!queued) return;
    return subscribeOutbox((event) => {
      if (event.type === "delivered" && event.item.kind === "booking") setQueued(false);
    });
  }, [queued]);

  return (
    <section className="section thank-you">
      <div className="container">
        <div className="card thank-you__card" aria-live="polite">
          <span className={`thank-you__icon${queued ? " thank-you__icon--queued" : ""}`}>
            <Icon name={queued ? "clock" : "check"} size={40} />
          </span>
          {queued ? (
            <>
              <h1>Your Booking Is Saved on This Device</h1>
              <p>
                You seem to be offline, so we could not reach our booking system yet. Your booking is stored safely on
                this device and will be sent automatically as soon as you are back online — even if you close this page.
              </p>
              <p>
                Once it arrives, we'll send a confirmation e-mail and contact you within 24 hours to confirm your
                appointment.
              </p>
            </>
          ) : (
            <>
              <h1>Thank You! Your Booking Is Confirmed</h1>
              <p>
                We've received your appointment request and sent a confirmation e-mail with the details to your inbox.
              </p>
              <p>Our team will contact you within 24 hours to confirm your appointment.</p>
            </>
          )}
          <p className="thank-you__emergency">
            Need help sooner? Emergency service:{" "}
            <a href={telHref(profile.phone)}>
              <strong>{profile.phone}</strong>
            </a>
          </p>
          <div className="thank-you__actions">
            <Link to="/" className="btn btn-primary">
              Back to Home
            </Link>
            <Link to="/services" className="btn btn-outline">
              Explore Services
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
