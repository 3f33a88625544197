import type { BusinessProfile } from "@contracts/settings/profile.ts";
import "./StatsStrip.css";

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
  const stats = [
    { value: claims.years, label: "Years of Experience" },
    { value: claims.clients, label: "Happy Clients" },
    { value: claims.projects, label: "Projects Completed" },
    { value: claims.satisfaction, label: "Satisfaction" },
    { value: claims.technicians, label: "Certified Technicians" },
    { value: claims.emergency, label: "Emergency Service" },
  ];
  return (
    <section className="stats" aria-labelledby="stats-title">
      <div className="container">
        <h2 id="stats-title" className={showTitle ? "stats__title" : "visually-hidden"}>
          {title}
        </h2>
        <dl className="stats__grid">
          {stats.map((s) => (
            <div key={s.label} className="stats__item">
              <dt>{s.label}</dt>
              <dd>{s.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
