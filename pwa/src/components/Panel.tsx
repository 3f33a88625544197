import type { ReactNode } from "react";

interface PanelProps {
  /** The id of its heading, which names the section. */
  id: string;
  title: ReactNode;
  /** Buttons beside the title (Add, View all). */
  actions?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** A staff screen's panel: a section named by its heading, with optional actions beside the heading. */
export function Panel({ id, title, actions, className, children }: PanelProps) {
  const heading = (
    <h2 id={id} className="adm-panel__title">
      {title}
    </h2>
  );
  return (
    <section className={className ? `adm-panel ${className}` : "adm-panel"} aria-labelledby={id}>
      {actions ? (
        <div className="adm-panel__head">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
