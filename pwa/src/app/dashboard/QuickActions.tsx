import { Link } from "react-router-dom";

interface Props {
  onAddService: () => void;
  onAddStaff: () => void;
}

// The ones not built yet are shown, disabled, as announced features.
const COMING_SOON = ["Generate Report"] as const;

export function QuickActions({ onAddService, onAddStaff }: Props) {
  return (
    <section className="adm-panel" aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className="adm-panel__title">
        Quick Actions
      </h2>
      <div className="adm-quick-actions">
        <button type="button" className="btn btn-primary adm-quick-actions__item" onClick={onAddService}>
          Add New Service
        </button>
        <button type="button" className="btn btn-primary adm-quick-actions__item" onClick={onAddStaff}>
          Add Staff Member
        </button>
        <Link className="btn btn-primary adm-quick-actions__item" to="/dashboard/settings">
          Settings
        </Link>
        {COMING_SOON.map((label) => (
          // aria-disabled rather than disabled keeps them focusable, so a keyboard user hears "Coming soon" too.
          <button key={label} type="button" className="btn adm-quick-actions__item" aria-disabled="true">
            {label} <span className="adm-quick-actions__soon">Coming soon</span>
          </button>
        ))}
      </div>
    </section>
  );
}
