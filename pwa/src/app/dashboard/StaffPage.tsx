import "../../styles/staff.css";
import { useState } from "react";
import { useLocation } from "react-router-dom";
import { PageHeader } from "../../components/PageHeader.tsx";
import { StaffPanel } from "../../features/staff/StaffPanel.tsx";
import "./dashboard.css";

/** /dashboard/staff: who works here and their invitations; the overview's Add Staff Member opens the form at once. */
export default function StaffPage() {
  const location = useLocation();
  const [adding, setAdding] = useState(() => (location.state as { adding?: boolean } | null)?.adding === true);
  return (
    <div className="adm adm-dashboard">
      <PageHeader title="Staff" />
      <StaffPanel adding={adding} onAddingChange={setAdding} />
    </div>
  );
}
