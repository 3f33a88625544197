import { LiveBadge } from "../../components/LiveBadge.tsx";
import { NotificationsButton } from "../../components/NotificationsButton.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { getUser } from "../../lib/session.ts";
import { useLogout } from "../useLogout.ts";

/** SPEC's header: 'Admin Dashboard', 'Welcome back', and beside it the live status, notifications and Logout. */
export function DashboardHeader() {
  const { logout, busy } = useLogout();
  const name = getUser()?.name;
  return (
    <PageHeader
      title="Admin Dashboard"
      lead={`Welcome back${name ? `, ${name}` : ""}`}
      actions={
        <div className="adm-dashboard__session">
          <LiveBadge />
          <NotificationsButton />
          <button
            type="button"
            className="btn btn-outline adm-dashboard__logout"
            disabled={busy}
            onClick={() => void logout()}
          >
            {busy ? "Logging out..." : "Logout"}
          </button>
        </div>
      }
    />
  );
}
