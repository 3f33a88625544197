import { defineMessages } from "@contracts/i18n/messages.ts";
import { Link } from "../../components/Link.tsx";
import { Icon, type IconName } from "../../components/Icon.tsx";
import { PageHero } from "../../components/PageHero.tsx";
import { StatsStrip } from "../../components/StatsStrip.tsx";
import { useTranslator } from "../../lib/i18n/translator.ts";
import { useProfileInLanguage } from "../../lib/profile.tsx";
import "./AboutPage.css";

const messages = defineMessages({
  title: { id: "public.about.title", defaultMessage: "About {name}" },
  intro: {
    id: "public.about.intro",
    defaultMessage: "Family-run and based in {city} since {year}, we help homes and businesses breathe cleaner air.",
  },
  home: { id: "public.crumb.home", defaultMessage: "Home" },
  crumb: { id: "public.about.crumb", defaultMessage: "About" },
  art: { id: "public.about.art", defaultMessage: "A {name} service van with a technician" },
  mission: { id: "public.about.mission", defaultMessage: "Our Mission" },
  missionText: {
    id: "public.about.missionText",
    defaultMessage:
      "To improve the air our neighbors breathe by cleaning ducts, vents and HVAC systems thoroughly, safely and at an honest price, and to explain every step along the way.",
  },
  vision: { id: "public.about.vision", defaultMessage: "Our Vision" },
  visionText: {
    id: "public.about.visionText",
    defaultMessage:
      "To be the most trusted name in indoor air quality across {area}, known for technicians who show up on time, do the job right and leave every home healthier than they found it.",
  },
  standFor: { id: "public.about.standFor", defaultMessage: "What we stand for" },
  values: { id: "public.about.values", defaultMessage: "Our Values" },
  integrity: { id: "public.about.integrity", defaultMessage: "Integrity" },
  integrityText: {
    id: "public.about.integrityText",
    defaultMessage: "Honest assessments, upfront prices and no work without your approval.",
  },
  quality: { id: "public.about.quality", defaultMessage: "Quality" },
  qualityText: {
    id: "public.about.qualityText",
    defaultMessage: "Industry-standard methods and equipment, checked with before-and-after photos.",
  },
  care: { id: "public.about.care", defaultMessage: "Care" },
  careText: {
    id: "public.about.careText",
    defaultMessage: "We treat your home like our own: shoe covers, drop cloths and a clean finish.",
  },
  health: { id: "public.about.health", defaultMessage: "Health" },
  healthText: {
    id: "public.about.healthText",
    defaultMessage: "Low-toxicity products and thorough removal of dust, allergens and mold spores.",
  },
  story: { id: "public.about.story", defaultMessage: "Our story" },
  storyTitle: { id: "public.about.storyTitle", defaultMessage: "From One Van to a Trusted Local Team" },
  storyStart: {
    id: "public.about.storyStart",
    defaultMessage:
      "{name} started in {year} when our founder, a licensed HVAC technician, saw how many homes in {city} were running on ducts full of dust and construction debris. He bought a truck-mounted vacuum, a set of rotary brushes and started knocking on doors.",
  },
  storyToday: {
    id: "public.about.storyToday",
    defaultMessage:
      "Word spread. Today our {technicians} certified technicians have completed {projects} projects for {clients} happy clients, and we still run the business the same way: careful work, clear prices and a phone that is answered {emergency}.",
  },
  founded: {
    id: "public.about.founded",
    defaultMessage: "Founded in {city} with one van and a commitment to cleaner indoor air.",
  },
  dryer: {
    id: "public.about.dryer",
    defaultMessage: "Added dryer vent and chimney services after requests from our customers.",
  },
  commercial: {
    id: "public.about.commercial",
    defaultMessage: "Opened our commercial division for offices, restaurants and property managers.",
  },
  today: { id: "public.about.today", defaultMessage: "Today" },
  todayText: {
    id: "public.about.todayText",
    defaultMessage: "A team of certified technicians serving homes and businesses across {area}.",
  },
  achievements: { id: "public.about.achievements", defaultMessage: "Our Achievements" },
  trusted: { id: "public.about.trusted", defaultMessage: "Trusted and verified" },
  certifications: { id: "public.about.certifications", defaultMessage: "Certifications & Memberships" },
  book: { id: "public.about.book", defaultMessage: "Book a Cleaning" },
  contact: { id: "public.about.contact", defaultMessage: "Contact Us" },
});

const VALUES: { icon: IconName; title: keyof typeof messages; text: keyof typeof messages }[] = [
  { icon: "shield", title: "integrity", text: "integrityText" },
  { icon: "star", title: "quality", text: "qualityText" },
  { icon: "heart", title: "care", text: "careText" },
  { icon: "leaf", title: "health", text: "healthText" },
];

export default function AboutPage() {
  const profile = useProfileInLanguage();
  const { t } = useTranslator();
  const { claims } = profile;
  const { city } = profile.address;
  const { founded: year, serviceArea: area } = profile;
  const milestones = [
    { year: String(year), text: t(messages.founded, { city }) },
    { year: String(year + 4), text: t(messages.dryer) },
    { year: String(year + 8), text: t(messages.commercial) },
    { year: t(messages.today), text: t(messages.todayText, { area }) },
  ];
  return (
    <>
      <PageHero
        title={t(messages.title, { name: profile.shortName })}
        intro={t(messages.intro, { city, year })}
        breadcrumb={[{ to: "/", label: t(messages.home) }, { label: t(messages.crumb) }]}
      />

      <section className="section">
        <div className="container about-intro">
          <img
            src="/images/hero-about.svg"
            alt={t(messages.art, { name: profile.shortName })}
            width={640}
            height={400}
            className="about-intro__img"
          />
          <div className="about-mv">
            <article className="card about-mv__card">
              <span className="about-mv__icon">
                <Icon name="target" size={26} />
              </span>
              <h2>{t(messages.mission)}</h2>
              <p>{t(messages.missionText)}</p>
            </article>
            <article className="card about-mv__card">
              <span className="about-mv__icon">
                <Icon name="eye" size={26} />
              </span>
              <h2>{t(messages.vision)}</h2>
              <p>{t(messages.visionText, { area })}</p>
            </article>
          </div>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="values-title">
        <div className="container">
          <div className="section-head">
            <span className="eyebrow">{t(messages.standFor)}</span>
            <h2 id="values-title">{t(messages.values)}</h2>
          </div>
          <ul className="about-values">
            {VALUES.map((v) => (
              <li key={v.title} className="card">
                <Icon name={v.icon} size={28} />
                <h3>{t(messages[v.title])}</h3>
                <p>{t(messages[v.text])}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="story-title">
        <div className="container about-story">
          <div>
            <span className="eyebrow">{t(messages.story)}</span>
            <h2 id="story-title">{t(messages.storyTitle)}</h2>
            <p>{t(messages.storyStart, { name: profile.name, year, city })}</p>
            <p>
              {t(messages.storyToday, {
                technicians: claims.technicians,
                projects: claims.projects,
                clients: claims.clients,
                emergency: claims.emergency,
              })}
            </p>
          </div>
          <ol className="timeline">
            {milestones.map((m) => (
              <li key={m.year}>
                <span className="timeline__year">{m.year}</span>
                <p>{m.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <StatsStrip claims={claims} title={t(messages.achievements)} showTitle />

      <section className="section" aria-labelledby="cert-title">
        <div className="container">
          <div className="section-head">
            <span className="eyebrow">{t(messages.trusted)}</span>
            <h2 id="cert-title">{t(messages.certifications)}</h2>
          </div>
          <ul className="about-certs">
            {profile.certifications.map((c) => (
              <li key={c} className="card">
                <Icon name="badge" size={30} />
                <span>{c}</span>
              </li>
            ))}
          </ul>
          <p className="button-row about-cta">
            <Link to="/booking" className="btn btn-accent">
              {t(messages.book)}
            </Link>
            <Link to="/contact" className="btn btn-outline">
              {t(messages.contact)}
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
