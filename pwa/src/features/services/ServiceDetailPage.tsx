import { useParams } from "react-router-dom";
import { Link } from "../../components/Link.tsx";
import type { Service } from "@contracts/services/service.ts";
import { MESSAGES } from "@contracts/common/messages.ts";
import { formatMoney } from "@contracts/common/money.ts";
import { isServiceKey, packageSlug } from "@contracts/services/catalog.ts";
import { PageHero } from "../../components/PageHero.tsx";
import { serviceImage, useService } from "../../lib/services.ts";
import "./ServiceDetailPage.css";

export default function ServiceDetailPage() {
  const { serviceId } = useParams();
  const state = useService(serviceId);

  if (state.status === "loading") return <ServiceDetailSkeleton serviceId={serviceId} />;
  if (state.status === "not-found") {
    return (
      <section className="container detail-missing">
        <h1>{MESSAGES.serviceNotFoundTitle}</h1>
        <p>{MESSAGES.serviceNotFoundText}</p>
        <Link to="/services" className="btn btn-primary">
          Back to Services
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
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <ol>
              <li>
                <Link to="/">Home</Link>
              </li>
              <li>
                <Link to="/services">Services</Link>
              </li>
            </ol>
          </nav>
          <p className="detail-loading" role="status">
            {MESSAGES.loadingService}
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

function ServiceDetail({ service }: { service: Service }) {
  const bookPath = `/booking/${service._id}`;
  return (
    <>
      <PageHero
        title={service.title}
        breadcrumb={[{ to: "/", label: "Home" }, { to: "/services", label: "Services" }, { label: service.title }]}
      />
      <section className="section">
        <div className="container detail-intro">
          <img
            className="detail-intro__img"
            src={serviceImage(service)}
            alt={`${service.title} illustration`}
            width={640}
            height={400}
          />
          <div>
            <h2>About this service</h2>
            <p>{service.description}</p>
            <dl className="detail-facts">
              <div>
                <dt>Duration</dt>
                <dd>{service.duration}</dd>
              </div>
              {service.coverage && (
                <div>
                  <dt>Coverage</dt>
                  <dd>{service.coverage}</dd>
                </div>
              )}
              <div>
                <dt>Starting at</dt>
                <dd>{formatMoney(service.price)}</dd>
              </div>
            </dl>
            <Link to={bookPath} className="btn btn-accent">
              Schedule Online
            </Link>
          </div>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="packages-title">
        <div className="container">
          <div className="section-head">
            <h2 id="packages-title">Packages &amp; Pricing</h2>
          </div>
          {service.packages.length === 0 ? (
            <p className="status-text">{MESSAGES.noPackages}</p>
          ) : (
            <ul className="packages">
              {service.packages.map((p) => (
                <li key={p.name} className={p.isPopular ? "card package package--popular" : "card package"}>
                  {p.isPopular && <p className="package__badge">Most Popular</p>}
                  <h3>{p.name}</h3>
                  <p className="package__price">{formatMoney(p.price)}</p>
                  <p className="package__duration">Service duration: {service.duration}</p>
                  <ul className="check-list">
                    {p.features.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                  <Link
                    to={`${bookPath}?package=${encodeURIComponent(packageSlug(p.name))}`}
                    className={p.isPopular ? "btn btn-accent btn-block" : "btn btn-primary btn-block"}
                    aria-label={`Book ${p.name} package`}
                  >
                    Book {p.name}
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
              <h2 id="benefits-title">Benefits</h2>
              <ul className="check-list detail-benefits">
                {service.benefits.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
            </section>
          )}
          {service.process.length > 0 && (
            <section aria-labelledby="process-title">
              <h2 id="process-title">Our Process</h2>
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
          <h2>Ready to schedule your {service.title.toLowerCase()}?</h2>
          <Link to={bookPath} className="btn btn-accent">
            Schedule Online
          </Link>
        </div>
      </section>
    </>
  );
}
