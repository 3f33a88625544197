import type { ReactNode } from "react";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { Link } from "../components/Link.tsx";
import { useTranslator } from "../lib/i18n/I18nProvider.tsx";
import { LogoMark } from "../components/Logo.tsx";
import { useHydrated } from "../lib/hydration.ts";
import { telHref, useProfileInLanguage } from "../lib/profile.tsx";
import { inLanguage, useServices } from "../lib/services.ts";
import { InstallButton } from "../components/pwa/InstallButton.tsx";

const messages = defineMessages({
  home: { id: "public.crumb.home", defaultMessage: "Home" },
  about: { id: "public.footer.about", defaultMessage: "About Us" },
  services: { id: "public.crumb.services", defaultMessage: "Services" },
  gallery: { id: "public.footer.gallery", defaultMessage: "Gallery" },
  contact: { id: "public.footer.contact", defaultMessage: "Contact" },
  book: { id: "public.footer.book", defaultMessage: "Book Online" },
  intro: {
    id: "public.footer.intro",
    defaultMessage:
      "Cleaner air for homes and businesses in {area} since {year}. Certified technicians, upfront prices and {emergency} emergency service.",
  },
  quick: { id: "public.footer.quick", defaultMessage: "Quick Links" },
  ourServices: { id: "public.footer.ourServices", defaultMessage: "Our Services" },
  allServices: { id: "public.footer.allServices", defaultMessage: "All Services" },
  contactInfo: { id: "public.footer.contactInfo", defaultMessage: "Contact Info" },
  phone: { id: "public.footer.phone", defaultMessage: "Phone:" },
  email: { id: "public.footer.email", defaultMessage: "Email:" },
  rights: { id: "public.footer.rights", defaultMessage: "All rights reserved." },
  account: { id: "public.footer.account", defaultMessage: "Your account" },
  privacy: { id: "public.footer.privacy", defaultMessage: "Privacy Policy" },
  terms: { id: "public.footer.terms", defaultMessage: "Terms of Service" },
});

const QUICK_LINKS = [
  { to: "/", label: messages.home },
  { to: "/about", label: messages.about },
  { to: "/services", label: messages.services },
  { to: "/gallery", label: messages.gallery },
  { to: "/contact", label: messages.contact },
  { to: "/booking", label: messages.book },
];

/** SPEC §9: the footer lists the first five services. */
const FOOTER_SERVICES = 5;

/**
 * This year; while hydrating a page prerendered at build time, the build's year (what its HTML says), so that
 * hydration matches, then this year at once. Its own component, like the services below: what changes right after
 * hydration re-renders at once, in one task, so that is only the year and the list, not the whole footer.
 */
function ThisYear() {
  return useHydrated() ? new Date().getFullYear() : __BUILD_YEAR__;
}

function ServiceLinks() {
  const { services } = useServices();
  const { locale } = useTranslator();
  return services.slice(0, FOOTER_SERVICES).map((s) => (
    <li key={s._id}>
      <Link to={`/services/${s._id}`}>{inLanguage(s, locale).title}</Link>
    </li>
  ));
}

/** `languageSwitch`: "English | Español", made by the layout, so this chunk does not import the entry's switch. */
export function Footer({ languageSwitch }: { languageSwitch?: ReactNode }) {
  const profile = useProfileInLanguage();
  const { t } = useTranslator();
  const { street, city, state, zip } = profile.address;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-about">
          <div className="site-footer__brand">
            <LogoMark size={36} />
            <h2 id="footer-about">{profile.name}</h2>
          </div>
          <p>
            {t(messages.intro, {
              area: profile.serviceArea,
              year: profile.founded,
              emergency: profile.claims.emergency,
            })}
          </p>
          <InstallButton className="btn btn-light" />
        </section>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick">{t(messages.quick)}</h2>
          <ul>
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{t(l.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services">{t(messages.ourServices)}</h2>
          <ul>
            <ServiceLinks />
            <li>
              <Link to="/services">{t(messages.allServices)}</Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t(messages.contactInfo)}</h2>
          <address>
            <p>
              {street}
              <br />
              {city}, {state} {zip}
            </p>
            <p>
              {t(messages.phone)} <a href={telHref(profile.phone)}>{profile.phone}</a>
            </p>
            <p>
              {t(messages.email)} <a href={`mailto:${profile.email}`}>{profile.email}</a>
            </p>
            <p>{profile.hoursShort}</p>
          </address>
        </section>
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p>
            © <ThisYear /> {profile.name}. {t(messages.rights)}
          </p>
          <ul>
            <li>
              <Link to="/portal">{t(messages.account)}</Link>
            </li>
            <li>
              <Link to="/privacy">{t(messages.privacy)}</Link>
            </li>
            <li>
              <Link to="/terms">{t(messages.terms)}</Link>
            </li>
          </ul>
          {languageSwitch}
        </div>
      </div>
    </footer>
  );
}
