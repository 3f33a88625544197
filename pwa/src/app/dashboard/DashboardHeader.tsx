import { NotificationsButton } from "../../components/NotificationsButton.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { getUser } from "../../lib/session.ts";

/**
 * SPEC's header: 'Admin Dashboard', 'Welcome back', and beside it this device's notifications (Logout is the
 * account menu's, the live status the shell's, on every staff screen).
 */
export function DashboardHeader() {
  const name = getUser()?.name;
  return (
    <PageHeader
      title="Admin Dashboard"
      lead={`Welcome back${name ? `, ${name}` : ""}`}
      actions={
        <div className="adm-dashboard__session">
          <NotificationsButton />
        </div>
      }
    />
  );
}
