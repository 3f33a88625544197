import { defineMessages, type MessageDescriptor } from "@contracts/i18n/messages.ts";
import { Link, NavLink } from "../components/Link.tsx";
import { LogoMark } from "../components/Logo.tsx";
import { useDisclosure } from "../lib/useDisclosure.ts";
import { useTranslator } from "../lib/i18n/translator.ts";
import { useProfile } from "../lib/profile.tsx";
import { ServicesMenu } from "./ServicesMenu.tsx";

const ON_SCROLL = ["scroll"] as const;

const messages = defineMessages({
  home: { id: "public.nav.home", defaultMessage: "Home" },
  about: { id: "public.nav.about", defaultMessage: "About" },
  gallery: { id: "public.nav.gallery", defaultMessage: "Gallery" },
  contact: { id: "public.nav.contact", defaultMessage: "Contact" },
  book: { id: "public.nav.book", defaultMessage: "Book Now" },
  trade: { id: "public.nav.trade", defaultMessage: "Duct & Vent Cleaning" },
  open: { id: "public.nav.open", defaultMessage: "Open menu" },
  close: { id: "public.nav.close", defaultMessage: "Close menu" },
});

const LINKS_BEFORE = [
  { to: "/", label: messages.home },
  { to: "/about", label: messages.about },
];
const LINKS_AFTER = [
  { to: "/gallery", label: messages.gallery },
  { to: "/contact", label: messages.contact },
];

/** Main navigation; below 960px it folds behind a menu button and closes on scroll or on a chosen link. */
export function NavBar() {
  const profile = useProfile();
  const { open, setOpen, toggleRef } = useDisclosure(ON_SCROLL);
  const { t } = useTranslator();

  const close = () => setOpen(false);
  const link = ({ to, label }: { to: string; label: MessageDescriptor }) => (
    <li className="nav__item" key={to}>
      <NavLink to={to} end className="nav__link" onClick={close}>
        {t(label)}
      </NavLink>
    </li>
  );

  return (
    <div className="nav-bar">
      <div className="container nav-bar__inner">
        <Link to="/" className="brand" onClick={close}>
          <LogoMark />
          <span className="brand__text">
            <span className="brand__name">{profile.shortName}</span>
            {/* The trade, not the business: the same whatever the profile's name. */}
            <span className="brand__tag">{t(messages.trade)}</span>
          </span>
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls="main-nav"
          onClick={() => setOpen((o) => !o)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
          <span className="visually-hidden">{t(open ? messages.close : messages.open)}</span>
        </button>
        <nav id="main-nav" aria-label="Main" className={open ? "nav nav--open" : "nav"}>
          <ul className="nav__list">
            {LINKS_BEFORE.map(link)}
            <ServicesMenu onNavigate={close} />
            {LINKS_AFTER.map(link)}
            <li className="nav__item nav__item--cta">
              <NavLink to="/booking" className="btn btn-accent nav__cta" onClick={close}>
                {t(messages.book)}
              </NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
