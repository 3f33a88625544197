// First, so that the area's own styles come after the shared ones they build on.
import "../../styles/staff.css";
import { Link } from "../../components/Link.tsx";
import { LoadState } from "../../components/LoadState.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { type ComponentType, lazy, Suspense } from "react";
import { getUser } from "../../lib/session.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { fetchSettings } from "./api.ts";
import { SettingsForm } from "./SettingsForm.tsx";
import { TextsSetup } from "./TextsSetup.tsx";
import "./SettingsPage.css";

// The owner's alone, and loaded for them only; not precached (vite.config.ts): offline it is left out.
const SecuritySettings = lazy<ComponentType>(() =>
  import("./SecuritySettings.tsx").catch(() => ({ default: () => null })),
);

/** /dashboard/settings: the owner's business profile, opening hours, closed dates, booking rules and prices. */
export default function SettingsPage() {
  const settings = useLoad(fetchSettings);
  return (
    <div className="adm adm-dashboard adm-settings">
      <PageHeader
        title="Settings"
        lead="How the business is shown, and what customers can book."
        actions={
          <>
            <Link className="btn btn-outline" to="/dashboard/settings/plans">
              Plans
            </Link>
            <Link className="btn btn-outline" to="/dashboard">
              Back to Dashboard
            </Link>
          </>
        }
      />
      <LoadState
        load={settings}
        loading="Loading settings..."
        failed="The settings could not be loaded. Check the connection and reload the page."
      >
        {(loaded) => <SettingsForm initial={loaded} />}
      </LoadState>
      <TextsSetup />
      {getUser()?.role === "owner" && (
        <Suspense fallback={null}>
          <SecuritySettings />
        </Suspense>
      )}
    </div>
  );
}
