import type { StaffMember } from "@contracts/staff/staff.ts";
import { useCallback } from "react";
import { LoadState } from "../../components/LoadState.tsx";
import { Modal } from "../../components/Modal.tsx";
import { SessionList } from "../../components/SessionList.tsx";
import { accountApi } from "../../lib/account.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { useSessionRevoke } from "../../lib/useSessionRevoke.ts";

/** An owner's view of one person's signed-in devices: each can be signed out at once (its screens go to sign-in). */
export default function StaffDevicesModal({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const sessions = useLoad(useCallback(() => accountApi.staffSessions(member._id), [member._id]));
  const { busyId, problem, revoke: run } = useSessionRevoke(sessions.refresh);
  const revoke = (id: string) => run(id, () => accountApi.revokeStaffSession(member._id, id));

  return (
    <Modal title={`Devices of ${member.name}`} onClose={onClose}>
      {problem && (
        <p className="banner banner-error" role="alert">
          {problem}
        </p>
      )}
      <LoadState load={sessions} loading="Loading..." failed="Could not load the devices.">
        {(list) => <SessionList sessions={list} busyId={busyId} onRevoke={(s) => void revoke(s._id)} />}
      </LoadState>
    </Modal>
  );
}
