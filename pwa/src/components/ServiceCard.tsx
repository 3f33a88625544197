import { Link } from "./Link.tsx";
import type { Service } from "@contracts/services/service.ts";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { useTranslator } from "../lib/i18n/I18nProvider.tsx";
import { inLanguage, serviceImage } from "../lib/services.ts";
import "./ServiceCard.css";

const messages = defineMessages({
  book: { id: "public.serviceCard.book", defaultMessage: "Book Now" },
  more: { id: "public.serviceCard.more", defaultMessage: "Read More" },
  moreAbout: { id: "public.serviceCard.moreAbout", defaultMessage: "Read more about {service}" },
  about: { id: "public.serviceCard.about", defaultMessage: "about {service}" },
});

interface ServiceCardProps {
  service: Service;
  /** How many benefits to list (none when 0). */
  benefits?: number;
  bookLabel?: string;
  headingLevel?: "h2" | "h3";
}

/** A service with its image, description and optional benefits (each in the visitor's language where the office wrote it), Read More and a booking link. */
export function ServiceCard({ service: data, benefits = 0, bookLabel, headingLevel = "h3" }: ServiceCardProps) {
  const { t, locale } = useTranslator();
  const service = inLanguage(data, locale);
  const book = bookLabel ?? t(messages.book);
  const Heading = headingLevel;
  // The Spanish benefits where the office wrote them, as the service's page lists them.
  const shown = (locale === "es" && data.benefitsEs?.length ? data.benefitsEs : data.benefits).slice(0, benefits);
  return (
    <article className="card service-card">
      <img
        className="service-card__img"
        src={serviceImage(service)}
        alt=""
        width={640}
        height={400}
        loading="lazy"
        decoding="async"
      />
      <div className="service-card__body">
        <Heading className="service-card__title">{service.title}</Heading>
        <p className="service-card__text">{service.description}</p>
        {shown.length > 0 && (
          <ul className="check-list service-card__benefits">
            {shown.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        )}
        <div className="service-card__actions">
          <Link
            className="btn btn-outline"
            to={`/services/${service._id}`}
            aria-label={t(messages.moreAbout, { service: service.title })}
          >
            {/* The visible SPEC text, plus words that make the link text descriptive on its own (link-text audit). */}
            {t(messages.more)}
            <span className="visually-hidden"> {t(messages.about, { service: service.title })}</span>
          </Link>
          <Link className="btn btn-primary" to={`/booking/${service._id}`} aria-label={`${book}: ${service.title}`}>
            {book}
          </Link>
        </div>
      </div>
    </article>
  );
}

/** Placeholder cards while the services load. */
export function ServiceCardSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="skeleton service-card--skeleton" aria-hidden="true" />
      ))}
    </>
  );
}
