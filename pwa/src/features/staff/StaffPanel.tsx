import type { Booking } from "@contracts/bookings/booking.ts";
import type { StaffMember } from "@contracts/staff/staff.ts";
import { type ComponentType, lazy, Suspense, useState } from "react";
import { getUser } from "../../lib/session.ts";
import { BookingLinks } from "../../components/BookingLinks.tsx";
import { LoadState } from "../../components/LoadState.tsx";
import { lazyOnlineDialog } from "../../components/lazyOnlineDialog.tsx";
import { Panel } from "../../components/Panel.tsx";
import { failureText } from "../../lib/http.ts";
import { fetchStaff } from "../../lib/staff.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { AddStaffModal } from "./AddStaffModal.tsx";

// Not precached (vite.config.ts): offline the button does nothing rather than break the screen.
const StaffDevicesModal = lazy<ComponentType<{ member: StaffMember; onClose: () => void }>>(() =>
  import("./StaffDevicesModal.tsx").catch(() => ({ default: () => null })),
);
import { StaffTable, type StaffChange } from "./StaffTable.tsx";
import "./StaffPanel.css";

// Opened now and then, for technicians only: loaded when opened, not with the staff list, and not precached (it
// reads and saves on the server); offline its chunk cannot load, and the dialog says it needs a connection.
const HoursModal = lazyOnlineDialog(() => import("./HoursModal.tsx").then((m) => m.HoursModal), {
  title: "Working hours",
  offline: "Working hours need a connection. Please try again once you are online.",
});

interface Props {
  /** Opened by the "Add Staff Member" quick action. */
  adding: boolean;
  onAddingChange: (adding: boolean) => void;
}

type Notice = { kind: "ok" | "error"; text: string; jobs?: Booking[] };

/** The Staff tab: who works here, in which role, and their invitations; the office adds and deactivates people. */
export function StaffPanel({ adding, onAddingChange }: Props) {
  const staff = useLoad(fetchStaff);
  const { refresh } = staff;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [hoursOf, setHoursOf] = useState<StaffMember | null>(null);
  // Owners see anyone's devices and sign one out (a lost tablet).
  const [devicesOf, setDevicesOf] = useState<StaffMember | null>(null);
  const owner = getUser()?.role === "owner";

  const act: StaffChange = async (member, work, done) => {
    setBusyId(member._id);
    setNotice(null);
    try {
      const jobs = await work();
      setNotice({ kind: "ok", text: done, jobs: jobs ?? undefined });
      refresh();
    } catch (error) {
      setNotice({
        kind: "error",
        text: failureText(error, { otherwise: "The change was not saved. Please try again." }),
      });
    } finally {
      setBusyId(null);
    }
  };

  const added = (member: StaffMember) => {
    onAddingChange(false);
    setNotice({ kind: "ok", text: `${member.name} was added and an invitation was sent to ${member.email}.` });
    refresh();
  };

  return (
    <Panel
      id="staff-title"
      title="Staff"
      actions={
        <button type="button" className="btn btn-primary" onClick={() => onAddingChange(true)}>
          Add Staff Member
        </button>
      }
    >
      {notice && (
        <div className={`banner ${notice.kind === "ok" ? "banner-success" : "banner-error"}`} role="status">
          <p>{notice.text}</p>
          {notice.jobs && notice.jobs.length > 0 && (
            <>
              <p>Their upcoming jobs need someone else:</p>
              <BookingLinks bookings={notice.jobs} from="/dashboard?tab=staff" />
            </>
          )}
        </div>
      )}

      <LoadState load={staff} loading="Loading staff..." failed="The staff list could not be loaded.">
        {(list) => (
          <StaffTable
            staff={list}
            busyId={busyId}
            onChange={act}
            onHours={setHoursOf}
            onDevices={owner ? setDevicesOf : undefined}
          />
        )}
      </LoadState>

      {hoursOf && (
        <Suspense fallback={null}>
          <HoursModal
            member={hoursOf}
            onClose={() => setHoursOf(null)}
            onSaved={(member) => {
              setHoursOf(null);
              setNotice({ kind: "ok", text: `The working hours of ${member.name} were saved.` });
            }}
          />
        </Suspense>
      )}
      {adding && <AddStaffModal onClose={() => onAddingChange(false)} onAdded={added} />}
      {devicesOf && (
        <Suspense fallback={null}>
          <StaffDevicesModal member={devicesOf} onClose={() => setDevicesOf(null)} />
        </Suspense>
      )}
    </Panel>
  );
}
