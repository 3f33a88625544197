import { Link } from "../../components/Link.tsx";
import { Icon, type IconName } from "../../components/Icon.tsx";
import { PageHero } from "../../components/PageHero.tsx";
import { StatsStrip } from "../../components/StatsStrip.tsx";
import type { BusinessProfile } from "@contracts/settings/profile.ts";
import { useProfile } from "../../lib/profile.tsx";
import "./AboutPage.css";

const VALUES: { icon: IconName; title: string; text: string }[] = [
  { icon: "shield", title: "Integrity", text: "Honest assessments, upfront prices and no work without your approval." },
  {
    icon: "star",
    title: "Quality",
    text: "Industry-standard methods and equipment, checked with before-and-after photos.",
  },
  {
    icon: "heart",
    title: "Care",
    text: "We treat your home like our own: shoe covers, drop cloths and a clean finish.",
  },
  {
    icon: "leaf",
    title: "Health",
    text: "Low-toxicity products and thorough removal of dust, allergens and mold spores.",
  },
];

const MILESTONES = ({ founded, address, serviceArea }: BusinessProfile) => [
  { year: String(founded), text: `Founded in ${address.city} with one van and a commitment to cleaner indoor air.` },
  { year: String(founded + 4), text: "Added dryer vent and chimney services after requests from our customers." },
  { year: String(founded + 8), text: "Opened our commercial division for offices, restaurants and property managers." },
  { year: "Today", text: `A team of certified technicians serving homes and businesses across ${serviceArea}.` },
];

export default function AboutPage() {
  const profile = useProfile();
  const { claims } = profile;
  return (
    <>
      <PageHero
        title={`About ${profile.shortName}`}
        intro={`Family-run and based in ${profile.address.city} since ${profile.founded}, we help homes and businesses breathe cleaner air.`}
        breadcrumb={[{ to: "/", label: "Home" }, { label: "About" }]}
      />

      <section className="section">
        <div className="container about-intro">
          <img
            src="/images/hero-about.svg"
            alt={`A ${profile.shortName} service van with a technician`}
            width={640}
            height={400}
            className="about-intro__img"
          />
          <div className="about-mv">
            <article className="card about-mv__card">
              <span className="about-mv__icon">
                <Icon name="target" size={26} />
              </span>
              <h2>Our Mission</h2>
              <p>
                To improve the air our neighbors breathe by cleaning ducts, vents and HVAC systems thoroughly, safely
                and at an honest price, and to explain every step along the way.
              </p>
            </article>
            <article className="card about-mv__card">
              <span className="about-mv__icon">
                <Icon name="eye" size={26} />
              </span>
              <h2>Our Vision</h2>
              <p>
                To be the most trusted name in indoor air quality across {profile.serviceArea}, known for technicians
                who show up on time, do the job right and leave every home healthier than they found it.
              </p>
            </article>
          </div>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="values-title">
        <div className="container">
          <div className="section-head">
            <span className="eyebrow">What we stand for</span>
            <h2 id="values-title">Our Values</h2>
          </div>
          <ul className="about-values">
            {VALUES.map((v) => (
              <li key={v.title} className="card">
                <Icon name={v.icon} size={28} />
                <h3>{v.title}</h3>
                <p>{v.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="story-title">
        <div className="container about-story">
          <div>
            <span className="eyebrow">Our story</span>
            <h2 id="story-title">From One Van to a Trusted Local Team</h2>
            <p>
              {profile.name} started in {profile.founded} when our founder, a licensed HVAC technician, saw how many
              homes in {profile.address.city} were running on ducts full of dust and construction debris. He bought a
              truck-mounted vacuum, a set of rotary brushes and started knocking on doors.
            </p>
            <p>
              Word spread. Today our {claims.technicians} certified technicians have completed {claims.projects}{" "}
              projects for {claims.clients} happy clients, and we still run the business the same way: careful work,
              clear prices and a phone that is answered {claims.emergency}.
            </p>
          </div>
          <ol className="timeline">
            {MILESTONES(profile).map((m) => (
              <li key={m.year}>
                <span className="timeline__year">{m.year}</span>
                <p>{m.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <StatsStrip claims={claims} title="Our Achievements" showTitle />

      <section className="section" aria-labelledby="cert-title">
        <div className="container">
          <div className="section-head">
            <span className="eyebrow">Trusted and verified</span>
            <h2 id="cert-title">Certifications &amp; Memberships</h2>
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
              Book a Cleaning
            </Link>
            <Link to="/contact" className="btn btn-outline">
              Contact Us
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
