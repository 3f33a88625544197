import { Link } from "../../components/Link.tsx";
import { PageHero } from "../../components/PageHero.tsx";
import { ServiceCard, ServiceCardSkeletons } from "../../components/ServiceCard.tsx";
import { telHref, useProfile } from "../../lib/profile.tsx";
import { useServices } from "../../lib/services.ts";

export default function ServicesPage() {
  const { services, loading } = useServices();
  const profile = useProfile();
  return (
    <>
      <PageHero
        title="Our Services"
        intro="Air ducts, dryer vents, chimneys and complete HVAC systems, cleaned by certified technicians with professional equipment."
        breadcrumb={[{ to: "/", label: "Home" }, { label: "Services" }]}
      />
      <section className="section" aria-label="Service list">
        <div className="container">
          {loading && (
            <p className="visually-hidden" role="status">
              Loading services...
            </p>
          )}
          <div className="card-grid" aria-busy={loading}>
            {loading ? (
              <ServiceCardSkeletons count={6} />
            ) : (
              services.map((s) => (
                <ServiceCard key={s._id} service={s} headingLevel="h2" bookLabel="Book Your Appointment" />
              ))
            )}
          </div>
          {!loading && services.length === 0 && (
            <div className="status-text">
              <p>Our services could not be loaded right now.</p>
              <p>
                Call us at <a href={telHref(profile.phone)}>{profile.phone}</a> or{" "}
                <Link to="/booking">book online</Link>.
              </p>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
