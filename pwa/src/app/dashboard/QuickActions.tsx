import { Link } from "../../components/Link.tsx";

interface Props {
  onAddService: () => void;
  onAddStaff: () => void;
}

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
        <Link className="btn btn-primary adm-quick-actions__item" to="/dashboard/reports">
          Generate Report
        </Link>
      </div>
    </section>
  );
}
