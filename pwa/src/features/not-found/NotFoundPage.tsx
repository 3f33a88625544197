import { defineMessages } from "@contracts/i18n/messages.ts";
import { Link } from "../../components/Link.tsx";
import { useTranslator } from "../../lib/i18n/translator.ts";

const messages = defineMessages({
  error: { id: "public.notFound.error", defaultMessage: "Error 404" },
  title: { id: "public.notFound.title", defaultMessage: "Page Not Found" },
  text: { id: "public.notFound.text", defaultMessage: "The page you are looking for does not exist or has moved." },
  home: { id: "public.notFound.home", defaultMessage: "Back to Home" },
  services: { id: "public.notFound.services", defaultMessage: "Our Services" },
  contact: { id: "public.notFound.contact", defaultMessage: "Contact Us" },
});

export default function NotFoundPage() {
  const { t } = useTranslator();
  return (
    <section className="section">
      <div className="container status-text">
        <p className="eyebrow">{t(messages.error)}</p>
        <h1>{t(messages.title)}</h1>
        <p>{t(messages.text)}</p>
        <p className="button-row">
          <Link to="/" className="btn btn-primary">
            {t(messages.home)}
          </Link>
          <Link to="/services" className="btn btn-outline">
            {t(messages.services)}
          </Link>
          <Link to="/contact" className="btn btn-outline">
            {t(messages.contact)}
          </Link>
        </p>
      </div>
    </section>
  );
}
