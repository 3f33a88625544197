import { useParams } from "react-router-dom";
import { Link } from "../../components/Link.tsx";
import type { Service } from "@contracts/services/service.ts";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { formatMoney } from "@contracts/common/money.ts";
import { isServiceKey, packageSlug } from "@contracts/services/catalog.ts";
import { PageHero } from "../../components/PageHero.tsx";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { inLanguage, serviceImage, useService } from "../../lib/services.ts";
import { detailsInLanguage } from "./detailsInLanguage.ts";
import "./ServiceDetailPage.css";

// Not found, loading and no packages are also MESSAGES' words: the same English, word for word (tested).
const messages = defineMessages({
  notFoundTitle: { id: "public.serviceDetail.notFoundTitle", defaultMessage: "Service Not Found" },
  notFoundText: {
    id: "public.serviceDetail.notFoundText",
    defaultMessage: "The requested service could not be found.",
  },
  loading: { id: "public.serviceDetail.loading", defaultMessage: "Loading service details..." },
  noPackages: { id: "public.serviceDetail.noPackages", defaultMessage: "No packages available for this service." },
  back: { id: "public.serviceDetail.back", defaultMessage: "Back to Services" },
  home: { id: "public.crumb.home", defaultMessage: "Home" },
  services: { id: "public.crumb.services", defaultMessage: "Services" },
  art: { id: "public.serviceDetail.art", defaultMessage: "{service} illustration" },
  about: { id: "public.serviceDetail.about", defaultMessage: "About this service" },
  duration: { id: "public.serviceDetail.duration", defaultMessage: "Duration" },
  coverage: { id: "public.serviceDetail.coverage", defaultMessage: "Coverage" },
  from: { id: "public.serviceDetail.from", defaultMessage: "Starting at" },
  schedule: { id: "public.serviceDetail.schedule", defaultMessage: "Schedule Online" },
  packages: { id: "public.serviceDetail.packages", defaultMessage: "Packages & Pricing" },
  popular: { id: "public.serviceDetail.popular", defaultMessage: "Most Popular" },
  packageDuration: { id: "public.serviceDetail.packageDuration", defaultMessage: "Service duration: {duration}" },
  bookPackageLabel: { id: "public.serviceDetail.bookPackageLabel", defaultMessage: "Book {name} package" },
  bookPackage: { id: "public.serviceDetail.bookPackage", defaultMessage: "Book {name}" },
  benefits: { id: "public.serviceDetail.benefits", defaultMessage: "Benefits" },
  process: { id: "public.serviceDetail.process", defaultMessage: "Our Process" },
  ready: { id: "public.serviceDetail.ready", defaultMessage: "Ready to schedule your {service}?" },
});

export default function ServiceDetailPage() {
  const { serviceId } = useParams();
  const state = useService(serviceId);
  const { t } = useTranslator();

  if (state.status === "loading") return <ServiceDetailSkeleton serviceId={serviceId} />;
  if (state.status === "not-found") {
    return (
      <section className="container detail-missing">
        <h1>{t(messages.notFoundTitle)}</h1>
        <p>{t(messages.notFoundText)}</p>
        <Link to="/services" className="btn btn-primary">
          {t(messages.back)}
        </Link>
      </section>
    );
  }
  return <ServiceDetail service={state.service} />;
}

/**
 * The loading state in the shape of the page: the same hero (with its first crumbs), the image slot and a block
 * where the text goes, so the service arriving moves nothing that is already on screen (layout shift). A seeded
 * service's own image is shown at once in the slot: it is the page's largest element, which then does not change
 * when the data arrives (LCP).
 */
function ServiceDetailSkeleton({ serviceId }: { serviceId: string | undefined }) {
  const { t } = useTranslator();
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <ol>
              <li>
                <Link to="/">{t(messages.home)}</Link>
              </li>
              <li>
                <Link to="/services">{t(messages.services)}</Link>
              </li>
            </ol>
          </nav>
          <p className="detail-loading" role="status">
            {t(messages.loading)}
          </p>
        </div>
      </section>
      <section className="section" aria-hidden="true">
        <div className="container detail-intro">
          {isServiceKey(serviceId) ? (
            <img
              className="detail-intro__img"
              src={serviceImage({ _id: serviceId, image: "" })}
              alt=""
              width={640}
              height={400}
            />
          ) : (
            <div className="skeleton detail-intro__img detail-skeleton__img" />
          )}
          <div className="skeleton detail-skeleton__text" />
        </div>
      </section>
    </>
  );
}

function ServiceDetail({ service: data }: { service: Service }) {
  const bookPath = `/booking/${data._id}`;
  const { t, locale } = useTranslator();
  // Its words as the office wrote them in the visitor's language.
  const service = detailsInLanguage(inLanguage(data, locale), locale);
  const title = service.title;
  return (
    <>
      <PageHero
        title={title}
        breadcrumb={[
          { to: "/", label: t(messages.home) },
          { to: "/services", label: t(messages.services) },
          { label: title },
        ]}
      />
      <section className="section">
        <div className="container detail-intro">
          <img
            className="detail-intro__img"
            src={serviceImage(service)}
            alt={t(messages.art, { service: title })}
            width={640}
            height={400}
          />
          <div>
            <h2>{t(messages.about)}</h2>
            <p>{service.description}</p>
            <dl className="detail-facts">
              <div>
                <dt>{t(messages.duration)}</dt>
                <dd>{service.duration}</dd>
              </div>
              {service.coverage && (
                <div>
                  <dt>{t(messages.coverage)}</dt>
                  <dd>{service.coverage}</dd>
                </div>
              )}
              <div>
                <dt>{t(messages.from)}</dt>
                <dd>{formatMoney(service.price)}</dd>
              </div>
            </dl>
            <Link to={bookPath} className="btn btn-accent">
              {t(messages.schedule)}
            </Link>
          </div>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="packages-title">
        <div className="container">
          <div className="section-head">
            <h2 id="packages-title">{t(messages.packages)}</h2>
          </div>
          {service.packages.length === 0 ? (
            <p className="status-text">{t(messages.noPackages)}</p>
          ) : (
            <ul className="packages">
              {service.packages.map((p) => (
                <li key={p.name} className={p.isPopular ? "card package package--popular" : "card package"}>
                  {p.isPopular && <p className="package__badge">{t(messages.popular)}</p>}
                  <h3>{p.nameShown}</h3>
                  <p className="package__price">{formatMoney(p.price)}</p>
                  <p className="package__duration">{t(messages.packageDuration, { duration: service.duration })}</p>
                  <ul className="check-list">
                    {p.features.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                  <Link
                    // The English name's slug whatever the language: the booking form finds the package by it.
                    to={`${bookPath}?package=${encodeURIComponent(packageSlug(p.name))}`}
                    className={p.isPopular ? "btn btn-accent btn-block" : "btn btn-primary btn-block"}
                    aria-label={t(messages.bookPackageLabel, { name: p.nameShown })}
                  >
                    {t(messages.bookPackage, { name: p.nameShown })}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <section className="section">
        <div className="container detail-columns">
          {service.benefits.length > 0 && (
            <section aria-labelledby="benefits-title">
              <h2 id="benefits-title">{t(messages.benefits)}</h2>
              <ul className="check-list detail-benefits">
                {service.benefits.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
            </section>
          )}
          {service.process.length > 0 && (
            <section aria-labelledby="process-title">
              <h2 id="process-title">{t(messages.process)}</h2>
              <ol className="process">
                {service.process.map((step, i) => (
                  <li key={step}>
                    <span className="process__num" aria-hidden="true">
                      {i + 1}
                    </span>
                    <span>{step}</span>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </div>
      </section>

      <section className="detail-cta">
        <div className="container detail-cta__inner">
          <h2>{t(messages.ready, { service: title.toLowerCase() })}</h2>
          <Link to={bookPath} className="btn btn-accent">
            {t(messages.schedule)}
          </Link>
        </div>
      </section>
    </>
  );
}
