import type { ReactNode } from "react";
import { PageHero } from "../../components/PageHero.tsx";
import { telHref, useProfile } from "../../lib/profile.tsx";
import "./LegalPage.css";

export interface LegalSection {
  title: string;
  body: ReactNode;
}

const LONG_DATE = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" });

/** A legal text: breadcrumb, today's date as last updated, numbered sections, then how to reach us. */
export function LegalPage({ title, sections }: { title: string; sections: LegalSection[] }) {
  return (
    <>
      <PageHero title={title} breadcrumb={[{ to: "/", label: "Home" }, { label: title }]}>
        <p className="legal-updated">Last updated: {LONG_DATE.format(new Date())}</p>
      </PageHero>
      <div className="section">
        <div className="container legal">
          {sections.map((s, i) => (
            <section key={s.title} aria-labelledby={`legal-${i}`}>
              <h2 id={`legal-${i}`}>
                {i + 1}. {s.title}
              </h2>
              {s.body}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}

/** The closing section of both legal pages. */
export function LegalContact({ intro }: { intro: string }) {
  const profile = useProfile();
  return (
    <>
      <p>{intro}</p>
      <ul className="legal-contact">
        <li>
          Email: <a href={`mailto:${profile.email}`}>{profile.email}</a>
        </li>
        <li>
          Phone: <a href={telHref(profile.phone)}>{profile.phone}</a>
        </li>
        <li>
          Mail: {profile.name}, {profile.address.street}, {profile.address.city}, {profile.address.state}{" "}
          {profile.address.zip}
        </li>
      </ul>
    </>
  );
}
