import type { ReactNode } from "react";
import { defineMessages, type MessageDescriptor } from "@contracts/i18n/messages.ts";
import { PageHero } from "../../components/PageHero.tsx";
import { useTranslator, type Translator } from "../../lib/i18n/translator.ts";
import { telHref, useProfile } from "../../lib/profile.tsx";
import "./LegalPage.css";

export interface LegalSection {
  title: MessageDescriptor;
  /** The section's text in the language shown. */
  body: (t: Translator["t"]) => ReactNode;
}

const messages = defineMessages({
  home: { id: "public.crumb.home", defaultMessage: "Home" },
  updated: { id: "public.legal.updated", defaultMessage: "Last updated: {date}" },
  email: { id: "public.footer.email", defaultMessage: "Email:" },
  phone: { id: "public.footer.phone", defaultMessage: "Phone:" },
  mail: { id: "public.legal.mail", defaultMessage: "Mail:" },
});

const DATE = { month: "long", day: "numeric", year: "numeric" } as const;
const LONG_DATE = new Intl.DateTimeFormat("en-US", DATE);

/** A legal text: breadcrumb, today's date as last updated, numbered sections, then how to reach us. */
export function LegalPage({ title, sections }: { title: MessageDescriptor; sections: LegalSection[] }) {
  const { t, intl } = useTranslator();
  const heading = t(title);
  // English needs no ICU runtime: Intl writes the date; Spanish has FormatJS loaded with its texts.
  const date = intl ? intl.formatDate(new Date(), DATE) : LONG_DATE.format(new Date());
  return (
    <>
      <PageHero title={heading} breadcrumb={[{ to: "/", label: t(messages.home) }, { label: heading }]}>
        <p className="legal-updated">{t(messages.updated, { date })}</p>
      </PageHero>
      <div className="section">
        <div className="container legal">
          {sections.map((s, i) => (
            <section key={s.title.id} aria-labelledby={`legal-${i}`}>
              <h2 id={`legal-${i}`}>
                {i + 1}. {t(s.title)}
              </h2>
              {s.body(t)}
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
  const { t } = useTranslator();
  return (
    <>
      <p>{intro}</p>
      <ul className="legal-contact">
        <li>
          {t(messages.email)} <a href={`mailto:${profile.email}`}>{profile.email}</a>
        </li>
        <li>
          {t(messages.phone)} <a href={telHref(profile.phone)}>{profile.phone}</a>
        </li>
        <li>
          {t(messages.mail)} {profile.name}, {profile.address.street}, {profile.address.city}, {profile.address.state}{" "}
          {profile.address.zip}
        </li>
      </ul>
    </>
  );
}
