import { Link } from "../components/Link.tsx";
import { LogoMark } from "../components/Logo.tsx";
import { useHydrated } from "../lib/hydration.ts";
import { telHref, useProfile } from "../lib/profile.tsx";
import { useServices } from "../lib/services.ts";
import { InstallButton } from "../components/pwa/InstallButton.tsx";

const QUICK_LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About Us" },
  { to: "/services", label: "Services" },
  { to: "/gallery", label: "Gallery" },
  { to: "/contact", label: "Contact" },
  { to: "/booking", label: "Book Online" },
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
  return services.slice(0, FOOTER_SERVICES).map((s) => (
    <li key={s._id}>
      <Link to={`/services/${s._id}`}>{s.title}</Link>
    </li>
  ));
}

export function Footer() {
  const profile = useProfile();
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
            Cleaner air for homes and businesses in {profile.serviceArea} since {profile.founded}. Certified
            technicians, upfront prices and {profile.claims.emergency} emergency service.
          </p>
          <InstallButton className="btn btn-light" />
        </section>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick">Quick Links</h2>
          <ul>
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services">Our Services</h2>
          <ul>
            <ServiceLinks />
            <li>
              <Link to="/services">All Services</Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact Info</h2>
          <address>
            <p>
              {street}
              <br />
              {city}, {state} {zip}
            </p>
            <p>
              Phone: <a href={telHref(profile.phone)}>{profile.phone}</a>
            </p>
            <p>
              Email: <a href={`mailto:${profile.email}`}>{profile.email}</a>
            </p>
            <p>{profile.hoursShort}</p>
          </address>
        </section>
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p>
            © <ThisYear /> {profile.name}. All rights reserved.
          </p>
          <ul>
            <li>
              <Link to="/portal">Your account</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
