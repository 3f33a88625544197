import { lazy, Suspense } from "react";
import { PageHeader } from "../../components/PageHeader.tsx";
import { getUser } from "../../lib/session.ts";

// It reads the browser's push state before it shows: loaded beside the first row, not ahead of it.
const NotificationsButton = lazy(() =>
  import("../../components/NotificationsButton.tsx").then((m) => ({ default: m.NotificationsButton })),
);

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
          <Suspense fallback={null}>
            <NotificationsButton />
          </Suspense>
        </div>
      }
    />
  );
}
