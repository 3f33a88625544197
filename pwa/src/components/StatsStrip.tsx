import type { BusinessProfile } from "@contracts/settings/profile.ts";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { useTranslator } from "../lib/i18n/I18nProvider.tsx";
import "./StatsStrip.css";

const messages = defineMessages({
  years: { id: "public.stats.years", defaultMessage: "Years of Experience" },
  clients: { id: "public.stats.clients", defaultMessage: "Happy Clients" },
  projects: { id: "public.stats.projects", defaultMessage: "Projects Completed" },
  satisfaction: { id: "public.stats.satisfaction", defaultMessage: "Satisfaction" },
  technicians: { id: "public.stats.technicians", defaultMessage: "Certified Technicians" },
  emergency: { id: "public.stats.emergency", defaultMessage: "Emergency Service" },
});

const STATS = ["years", "clients", "projects", "satisfaction", "technicians", "emergency"] as const;

/** The claims of SPEC §1 as a strip of figures (home and about). */
export function StatsStrip({
  claims,
  title,
  showTitle = false,
}: {
  claims: BusinessProfile["claims"];
  title: string;
  showTitle?: boolean;
}) {
  const { t } = useTranslator();
  return (
    <section className="stats" aria-labelledby="stats-title">
      <div className="container">
        <h2 id="stats-title" className={showTitle ? "stats__title" : "visually-hidden"}>
          {title}
        </h2>
        <dl className="stats__grid">
          {STATS.map((key) => (
            <div key={key} className="stats__item">
              <dt>{t(messages[key])}</dt>
              <dd>{claims[key]}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
