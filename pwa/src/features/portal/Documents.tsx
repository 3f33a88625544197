import type { ReactNode } from "react";

export interface DocGroup<T> {
  title: string;
  items: readonly T[];
  render: (item: T) => ReactNode;
}

/** A section of the customer's estimates or invoices, in groups (what waits for them first); empty, nothing shown. */
export function DocSection<T>({ id, title, groups }: { id: string; title: string; groups: DocGroup<T>[] }) {
  if (groups.every((g) => g.items.length === 0)) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {groups.map(
        (g) =>
          g.items.length > 0 && (
            <div key={g.title}>
              <h3>{g.title}</h3>
              <ul className="portal-list">{g.items.map(g.render)}</ul>
            </div>
          ),
      )}
    </section>
  );
}

/**
 * One estimate or invoice: its name and where it stands on one line, what it says, then its actions (hidden offline:
 * each needs the server). One that waits for the customer is marked.
 */
export function DocCard(props: {
  name: string;
  pill: string;
  waiting: boolean;
  children: ReactNode;
  /** The document's own page, and what its link says. */
  page: { url: string; label: string } | null;
  pdfUrl: string;
  offline: boolean;
}) {
  const { name, pill, waiting, page, pdfUrl, offline } = props;
  return (
    <li className={`card portal-visit portal-doc${waiting ? " portal-doc--due" : ""}`}>
      <p className="portal-doc__head">
        <span className="portal-visit__when">{name}</span>
        <span className={`portal-pill portal-pill--${waiting ? "en_route" : "completed"}`}>{pill}</span>
      </p>
      {props.children}
      {!offline && (
        <p className="portal-doc__links">
          {page && (
            <a href={page.url} className={waiting ? "btn btn-accent" : undefined}>
              {page.label}
            </a>
          )}
          <a href={pdfUrl} target="_blank" rel="noopener">
            PDF
          </a>
        </p>
      )}
    </li>
  );
}
