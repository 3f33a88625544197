import "../../styles/staff.css";
import { PageHeader } from "../../components/PageHeader.tsx";
import { SchedulePanel } from "../../features/bookings/schedule/SchedulePanel.tsx";
import { useServices } from "../../lib/services.ts";
import "./dashboard.css";

/** /dashboard/schedule: one day's jobs by technician (the day in ?day=). */
export default function SchedulePage() {
  const { services } = useServices();
  return (
    <div className="adm adm-dashboard">
      <PageHeader title="Schedule" />
      <SchedulePanel serviceTitle={(id) => services.find((s) => s._id === id)?.title ?? id} />
    </div>
  );
}
