import "../../styles/staff.css";
import { PageHeader } from "../../components/PageHeader.tsx";
import { DispatchBoard } from "../../features/dispatch/DispatchBoard.tsx";
import { useServices } from "../../lib/services.ts";
import "./dashboard.css";

/** /dashboard/schedule: the dispatch board (?day= the day shown, ?view=week five open days from it). */
export default function SchedulePage() {
  const { services } = useServices();
  return (
    <div className="adm adm-dashboard">
      <PageHeader title="Schedule" />
      <DispatchBoard serviceTitle={(id) => services.find((s) => s._id === id)?.title ?? id} />
    </div>
  );
}
