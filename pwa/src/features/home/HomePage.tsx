import { defineMessages } from "@contracts/i18n/messages.ts";
import { Link } from "../../components/Link.tsx";
import { Icon } from "../../components/Icon.tsx";
import { ServiceCard, ServiceCardSkeletons } from "../../components/ServiceCard.tsx";
import { StatsStrip } from "../../components/StatsStrip.tsx";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { telHref, useProfileInLanguage } from "../../lib/profile.tsx";
import { useServices } from "../../lib/services.ts";
import "./HomePage.css";

/** SPEC §9: the home page features the 1st, 6th and 3rd services, with at most 3 benefits each. */
const FEATURED_INDICES = [0, 5, 2];
const HOME_BENEFITS = 3;

const messages = defineMessages({
  since: { id: "public.home.since", defaultMessage: "Serving {city} since {year}" },
  title: { id: "public.home.title", defaultMessage: "Cleaner ducts. Healthier air. A home that breathes easier." },
  lead: {
    id: "public.home.lead",
    defaultMessage:
      "Professional air duct, dryer vent and HVAC cleaning by certified technicians. Book online in two minutes and see your price before you commit.",
  },
  book: { id: "public.home.book", defaultMessage: "Book Now" },
  services: { id: "public.home.services", defaultMessage: "Our Services" },
  insured: { id: "public.home.insured", defaultMessage: "Licensed & insured" },
  satisfaction: { id: "public.home.satisfaction", defaultMessage: "{value} satisfaction" },
  emergency: { id: "public.home.emergency", defaultMessage: "{value} emergency service" },
  art: {
    id: "public.home.art",
    defaultMessage: "A {name} technician outside a home with clean air flowing through its ducts",
  },
  why: { id: "public.home.why", defaultMessage: "Why choose us" },
  whyTitle: { id: "public.home.whyTitle", defaultMessage: "Why {city} Homeowners Choose {name}" },
  whyText: {
    id: "public.home.whyText",
    defaultMessage: "{years} years, {projects} projects and one simple promise: air you can feel good about breathing.",
  },
  certified: { id: "public.home.certified", defaultMessage: "Certified Technicians" },
  certifiedText: {
    id: "public.home.certifiedText",
    defaultMessage: "Trained, background-checked technicians who follow industry cleaning standards on every visit.",
  },
  upfront: { id: "public.home.upfront", defaultMessage: "Upfront Pricing" },
  upfrontText: {
    id: "public.home.upfrontText",
    defaultMessage: "See your price before you book, with 10% off when you clean two or more units. No surprise fees.",
  },
  equipment: { id: "public.home.equipment", defaultMessage: "Proven Equipment" },
  equipmentText: {
    id: "public.home.equipmentText",
    defaultMessage: "Negative pressure vacuums and rotary brushes remove dust and debris instead of stirring it up.",
  },
  onTime: { id: "public.home.onTime", defaultMessage: "On Time, Every Time" },
  onTimeText: {
    id: "public.home.onTimeText",
    defaultMessage: "We arrive in the window we promise, protect your home, and leave it cleaner than we found it.",
  },
  featured: { id: "public.home.featured", defaultMessage: "Featured services" },
  featuredTitle: { id: "public.home.featuredTitle", defaultMessage: "Our Most Requested Services" },
  featuredText: {
    id: "public.home.featuredText",
    defaultMessage: "From a single dryer vent to a whole commercial HVAC system.",
  },
  noServices: { id: "public.home.noServices", defaultMessage: "Our services could not be shown right now." },
  all: { id: "public.home.all", defaultMessage: "View All Services" },
  ready: { id: "public.home.ready", defaultMessage: "Ready to breathe easier?" },
  readyText: {
    id: "public.home.readyText",
    defaultMessage: "Pick a day that suits you: we are open {hours}. Emergencies? We answer {emergency}.",
  },
  bookCleaning: { id: "public.home.bookCleaning", defaultMessage: "Book Your Cleaning" },
  call: { id: "public.home.call", defaultMessage: "Call {phone}" },
  numbers: { id: "public.home.numbers", defaultMessage: "{name} in numbers" },
});

const REASONS = [
  ["badge", messages.certified, messages.certifiedText],
  ["tag", messages.upfront, messages.upfrontText],
  ["wind", messages.equipment, messages.equipmentText],
  ["clock", messages.onTime, messages.onTimeText],
] as const;

/**
 * Its own component: the list arrives right after the page has hydrated and re-renders what reads it at once, in
 * one task (useSyncExternalStore), so that is these cards and not the whole page.
 */
function FeaturedServices() {
  const { services, loading } = useServices();
  const { t } = useTranslator();
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
      {!loading && featured.length === 0 && <p className="status-text">{t(messages.noServices)}</p>}
    </>
  );
}

export default function HomePage() {
  const profile = useProfileInLanguage();
  const { t } = useTranslator();
  const { city } = profile.address;
  const { claims } = profile;

  return (
    <>
      <section className="home-hero">
        <div className="container home-hero__inner">
          <div className="home-hero__copy">
            <p className="home-hero__eyebrow">{t(messages.since, { city, year: profile.founded })}</p>
            <h1>{t(messages.title)}</h1>
            <p className="home-hero__lead">{t(messages.lead)}</p>
            <div className="home-hero__actions">
              <Link to="/booking" className="btn btn-accent">
                {t(messages.book)}
              </Link>
              <Link to="/services" className="btn btn-ghost-light">
                {t(messages.services)}
              </Link>
            </div>
            <ul className="home-hero__trust">
              <li>
                <Icon name="shield" size={18} /> {t(messages.insured)}
              </li>
              <li>
                <Icon name="star" size={18} /> {t(messages.satisfaction, { value: claims.satisfaction })}
              </li>
              <li>
                <Icon name="clock" size={18} /> {t(messages.emergency, { value: claims.emergency })}
              </li>
            </ul>
          </div>
          <img
            className="home-hero__art"
            src="/images/hero-home.svg"
            alt={t(messages.art, { name: profile.shortName })}
            width={640}
            height={440}
            fetchPriority="high"
          />
        </div>
      </section>

      <section className="section" aria-labelledby="why-title">
        <div className="container">
          <div className="section-head">
            <span className="eyebrow">{t(messages.why)}</span>
            <h2 id="why-title">{t(messages.whyTitle, { city, name: profile.shortName })}</h2>
            <p>{t(messages.whyText, { years: claims.years, projects: claims.projects })}</p>
          </div>
          <ul className="reasons">
            {REASONS.map(([icon, title, text]) => (
              <li key={icon} className="card reason">
                <span className="reason__icon">
                  <Icon name={icon} size={28} />
                </span>
                <h3>{t(title)}</h3>
                <p>{t(text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="featured-title">
        <div className="container">
          <div className="section-head">
            <span className="eyebrow">{t(messages.featured)}</span>
            <h2 id="featured-title">{t(messages.featuredTitle)}</h2>
            <p>{t(messages.featuredText)}</p>
          </div>
          <FeaturedServices />
          <p className="home-all">
            <Link to="/services" className="btn btn-outline">
              {t(messages.all)}
            </Link>
          </p>
        </div>
      </section>

      <section className="home-cta" aria-labelledby="cta-title">
        <div className="container home-cta__inner">
          <div>
            <h2 id="cta-title">{t(messages.ready)}</h2>
            <p>{t(messages.readyText, { hours: profile.hoursText, emergency: claims.emergency })}</p>
          </div>
          <div className="home-cta__actions">
            <Link to="/booking" className="btn btn-accent">
              {t(messages.bookCleaning)}
            </Link>
            <a href={telHref(profile.phone)} className="btn btn-light">
              <Icon name="phone" size={18} /> {t(messages.call, { phone: profile.phone })}
            </a>
          </div>
        </div>
      </section>

      <StatsStrip claims={claims} title={t(messages.numbers, { name: profile.shortName })} />
    </>
  );
}
