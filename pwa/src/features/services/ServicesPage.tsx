import { defineMessages } from "@contracts/i18n/messages.ts";
import { Link } from "../../components/Link.tsx";
import { PageHero } from "../../components/PageHero.tsx";
import { ServiceCard, ServiceCardSkeletons } from "../../components/ServiceCard.tsx";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { telHref, useProfile } from "../../lib/profile.tsx";
import { useServices } from "../../lib/services.ts";

const messages = defineMessages({
  title: { id: "public.services.title", defaultMessage: "Our Services" },
  intro: {
    id: "public.services.intro",
    defaultMessage:
      "Air ducts, dryer vents, chimneys and complete HVAC systems, cleaned by certified technicians with professional equipment.",
  },
  home: { id: "public.crumb.home", defaultMessage: "Home" },
  services: { id: "public.crumb.services", defaultMessage: "Services" },
  list: { id: "public.services.list", defaultMessage: "Service list" },
  loading: { id: "public.services.loading", defaultMessage: "Loading services..." },
  book: { id: "public.services.book", defaultMessage: "Book Your Appointment" },
  failed: { id: "public.services.failed", defaultMessage: "Our services could not be loaded right now." },
  callUs: { id: "public.services.callUs", defaultMessage: "Call us at" },
  or: { id: "public.services.or", defaultMessage: "or" },
  bookOnline: { id: "public.services.bookOnline", defaultMessage: "book online" },
});

export default function ServicesPage() {
  const { services, loading } = useServices();
  const profile = useProfile();
  const { t } = useTranslator();
  return (
    <>
      <PageHero
        title={t(messages.title)}
        intro={t(messages.intro)}
        breadcrumb={[{ to: "/", label: t(messages.home) }, { label: t(messages.services) }]}
      />
      <section className="section" aria-label={t(messages.list)}>
        <div className="container">
          {loading && (
            <p className="visually-hidden" role="status">
              {t(messages.loading)}
            </p>
          )}
          <div className="card-grid" aria-busy={loading}>
            {loading ? (
              <ServiceCardSkeletons count={6} />
            ) : (
              services.map((s) => (
                <ServiceCard key={s._id} service={s} headingLevel="h2" bookLabel={t(messages.book)} />
              ))
            )}
          </div>
          {!loading && services.length === 0 && (
            <div className="status-text">
              <p>{t(messages.failed)}</p>
              <p>
                {t(messages.callUs)} <a href={telHref(profile.phone)}>{profile.phone}</a> {t(messages.or)}{" "}
                <Link to="/booking">{t(messages.bookOnline)}</Link>.
              </p>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
