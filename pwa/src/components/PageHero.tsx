import type { ReactNode } from "react";
import { Link } from "./Link.tsx";
import "./PageHero.css";

interface Crumb {
  to?: string;
  label: string;
}

interface PageHeroProps {
  title: string;
  intro?: ReactNode;
  /** Trail ending with the current page (no `to`). */
  breadcrumb?: Crumb[];
  children?: ReactNode;
}

/** The banner at the top of an inner page; holds the page's one <h1>. */
export function PageHero({ title, intro, breadcrumb, children }: PageHeroProps) {
  return (
    <section className="page-hero">
      <div className="container">
        {breadcrumb && (
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <ol>
              {breadcrumb.map((c) => (
                <li key={c.label}>
                  {c.to ? <Link to={c.to}>{c.label}</Link> : <span aria-current="page">{c.label}</span>}
                </li>
              ))}
            </ol>
          </nav>
        )}
        <h1>{title}</h1>
        {intro && <p className="page-hero__intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
