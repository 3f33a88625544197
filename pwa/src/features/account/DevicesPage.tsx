import type { StaffSessionView } from "@contracts/staff/sign-in.ts";
import { useCallback } from "react";
import { LoadState } from "../../components/LoadState.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { SessionList } from "../../components/SessionList.tsx";
import { accountApi } from "../../lib/account.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { useSessionRevoke } from "../../lib/useSessionRevoke.ts";
import "./AccountPages.css";

/** Account → Devices: where one is signed in; sign one device out, or every other one (a lost tablet, a shared PC). */
export default function DevicesPage() {
  const sessions = useLoad(useCallback(() => accountApi.sessions(), []));
  const { busyId, problem, revoke: run } = useSessionRevoke(sessions.refresh);

  return (
    <div className="adm adm-dashboard account-page">
      <PageHeader title="Devices" lead="Where you are signed in. Sign out a device you no longer use or do not know." />
      {problem && (
        <p className="banner banner-error" role="alert">
          {problem}
        </p>
      )}
      <section className="account-card">
        <LoadState<StaffSessionView[]> load={sessions} loading="Loading..." failed="Could not load your devices.">
          {(list) => (
            <>
              <SessionList
                sessions={list}
                busyId={busyId}
                onRevoke={(s) => void run(s._id, () => accountApi.revokeSession(s._id))}
              />
              {list.some((s) => !s.current) && (
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={busyId !== null}
                  onClick={() => void run("others", () => accountApi.revokeOthers())}
                >
                  Sign out all other devices
                </button>
              )}
            </>
          )}
        </LoadState>
      </section>
    </div>
  );
}
