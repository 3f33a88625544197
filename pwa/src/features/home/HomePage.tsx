import { Link } from "../../components/Link.tsx";
import { Icon, type IconName } from "../../components/Icon.tsx";
import { ServiceCard, ServiceCardSkeletons } from "../../components/ServiceCard.tsx";
import { StatsStrip } from "../../components/StatsStrip.tsx";
import { telHref, useProfile } from "../../lib/profile.tsx";
import { useServices } from "../../lib/services.ts";
import "./HomePage.css";

/** SPEC §9: the home page features the 1st, 6th and 3rd services, with at most 3 benefits each. */
const FEATURED_INDICES = [0, 5, 2];
const HOME_BENEFITS = 3;

const REASONS: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "badge",
    title: "Certified Technicians",
    text: "Trained, background-checked technicians who follow industry cleaning standards on every visit.",
  },
  {
    icon: "tag",
    title: "Upfront Pricing",
    text: "See your price before you book, with 10% off when you clean two or more units. No surprise fees.",
  },
  {
    icon: "wind",
    title: "Proven Equipment",
    text: "Negative pressure vacuums and rotary brushes remove dust and debris instead of stirring it up.",
  },
  {
    icon: "clock",
    title: "On Time, Every Time",
    text: "We arrive in the window we promise, protect your home, and leave it cleaner than we found it.",
  },
];

/**
 * Its own component: the list arrives right after the page has hydrated and re-renders what reads it at once, in
 * one task (useSyncExternalStore), so that is these cards and not the whole page.
 */
function FeaturedServices() {
  const { services, loading } = useServices();
  const featured = FEATURED_INDICES.map((i) => services[i]).filter((s) => s !== undefined);
  return (
    <>
      <div className="card-grid" aria-busy={loading}>
        {loading ? (
          <ServiceCardSkeletons count={3} />
        ) : (
          featured.map((s) => <ServiceCard key={s._id} service={s} benefits={HOME_BENEFITS} />)
        )}
      </div>
      {!loading && featured.length === 0 && <p className="status-text">Our services could not be shown right now.</p>}
    </>
  );
}

export default function HomePage() {
  const profile = useProfile();

  return (
    <>
      <section className="home-hero">
        <div className="container home-hero__inner">
          <div className="home-hero__copy">
            <p className="home-hero__eyebrow">
              Serving {profile.address.city} since {profile.founded}
            </p>
            <h1>Cleaner ducts. Healthier air. A home that breathes easier.</h1>
            <p className="home-hero__lead">
              Professional air duct, dryer vent and HVAC cleaning by certified technicians. Book online in two minutes
              and see your price before you commit.
            </p>
            <div className="home-hero__actions">
              <Link to="/booking" className="btn btn-accent">
                Book Now
              </Link>
              <Link to="/services" className="btn btn-ghost-light">
                Our Services
              </Link>
            </div>
            <ul className="home-hero__trust">
              <li>
                <Icon name="shield" size={18} /> Licensed &amp; insured
              </li>
              <li>
                <Icon name="star" size={18} /> {profile.claims.satisfaction} satisfaction
              </li>
              <li>
                <Icon name="clock" size={18} /> {profile.claims.emergency} emergency service
              </li>
            </ul>
          </div>
          <img
            className="home-hero__art"
            src="/images/hero-home.svg"
            alt={`A ${profile.shortName} technician outside a home with clean air flowing through its ducts`}
            width={640}
            height={440}
            fetchPriority="high"
          />
        </div>
      </section>

      <section className="section" aria-labelledby="why-title">
        <div className="container">
          <div className="section-head">
            <span className="eyebrow">Why choose us</span>
            <h2 id="why-title">
              Why {profile.address.city} Homeowners Choose {profile.shortName}
            </h2>
            <p>
              {profile.claims.years} years, {profile.claims.projects} projects and one simple promise: air you can feel
              good about breathing.
            </p>
          </div>
          <ul className="reasons">
            {REASONS.map((r) => (
              <li key={r.title} className="card reason">
                <span className="reason__icon">
                  <Icon name={r.icon} size={28} />
                </span>
                <h3>{r.title}</h3>
                <p>{r.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="featured-title">
        <div className="container">
          <div className="section-head">
            <span className="eyebrow">Featured services</span>
            <h2 id="featured-title">Our Most Requested Services</h2>
            <p>From a single dryer vent to a whole commercial HVAC system.</p>
          </div>
          <FeaturedServices />
          <p className="home-all">
            <Link to="/services" className="btn btn-outline">
              View All Services
            </Link>
          </p>
        </div>
      </section>

      <section className="home-cta" aria-labelledby="cta-title">
        <div className="container home-cta__inner">
          <div>
            <h2 id="cta-title">Ready to breathe easier?</h2>
            <p>
              Pick a day that suits you: we are open {profile.hoursText}. Emergencies? We answer{" "}
              {profile.claims.emergency}.
            </p>
          </div>
          <div className="home-cta__actions">
            <Link to="/booking" className="btn btn-accent">
              Book Your Cleaning
            </Link>
            <a href={telHref(profile.phone)} className="btn btn-light">
              <Icon name="phone" size={18} /> Call {profile.phone}
            </a>
          </div>
        </div>
      </section>

      <StatsStrip claims={profile.claims} title={`${profile.shortName} in numbers`} />
    </>
  );
}
