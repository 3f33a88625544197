import type { ReactNode } from "react";

interface PageHeaderProps {
  title: ReactNode;
  /** The line under the title (a welcome, a period, who the booking is for). */
  lead?: ReactNode;
  /** Above the title: a way back ("← My Jobs"). */
  back?: ReactNode;
  /** Beside the title: the screen's own buttons. */
  actions?: ReactNode;
  className?: string;
}

/** The head of a staff screen: its one h1, a line under it, and its own buttons. */
export function PageHeader({ title, lead, back, actions, className }: PageHeaderProps) {
  return (
    <header className={className ? `adm-dashboard__header ${className}` : "adm-dashboard__header"}>
      <div>
        {back}
        <h1 className="adm-dashboard__title">{title}</h1>
        {lead && <p className="adm-dashboard__welcome">{lead}</p>}
      </div>
      {actions}
    </header>
  );
}
