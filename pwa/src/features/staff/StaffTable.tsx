import type { Booking } from "@contracts/bookings/booking.ts";
import type { StaffMember, StaffRole } from "@contracts/staff/staff.ts";
import { byText, DataTable, type Column } from "../../components/DataTable.tsx";
import { getUser } from "../../lib/session.ts";
import { resendInvitation, updateStaff } from "./api.ts";
import { ROLE_LABELS, ROLE_OPTIONS } from "./roles.ts";

const OWNER_OPTION = { value: "owner", label: "Owner" };
const STATUS_LABELS = { invited: "Invited", active: "Active", deactivated: "Deactivated" } as const;

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "Never");

/** Runs `work` for `member` and says `done` once it is saved (with the jobs someone else must take, if any). */
export type StaffChange = (member: StaffMember, work: () => Promise<Booking[] | void>, done: string) => Promise<void>;

interface Props {
  staff: readonly StaffMember[];
  /** The member with a change in flight. */
  busyId: string | null;
  onChange: StaffChange;
  /** Opens a technician's working hours. */
  onHours: (member: StaffMember) => void;
}

/** Who works here: role (changed in place), status, last sign-in, and the invitation and (de)activation buttons. */
export function StaffTable({ staff, busyId, onChange, onHours }: Props) {
  const me = getUser();
  // Only an owner may change an owner (the server enforces it, and keeps the last one); nobody edits themselves here.
  const editable = (m: StaffMember) => m._id !== me?._id && (m.role !== "owner" || me?.role === "owner");
  const roleOptions = me?.role === "owner" ? [...ROLE_OPTIONS, OWNER_OPTION] : ROLE_OPTIONS;

  const columns: Column<StaffMember>[] = [
    {
      key: "name",
      header: "Name",
      cell: (m) => (
        <>
          <span className="adm-staff__who">
            <span className="adm-staff__swatch" style={{ background: m.color }} aria-hidden="true" />
            <span className="adm-table__strong">{m.name}</span>
          </span>
          <span className="adm-staff__email">{m.email}</span>
        </>
      ),
      compare: byText((m) => m.name),
    },
    {
      key: "role",
      header: "Role",
      cell: (m) =>
        !editable(m) ? (
          ROLE_LABELS[m.role]
        ) : (
          <select
            className="input adm-staff__role"
            aria-label={`Role of ${m.name}`}
            value={m.role}
            disabled={busyId === m._id || m.status === "deactivated"}
            onChange={(e) => {
              const role = e.target.value as StaffRole;
              void onChange(
                m,
                async () => void (await updateStaff(m._id, { role })),
                `${m.name} is now ${ROLE_LABELS[role].toLowerCase()}.`,
              );
            }}
          >
            {roleOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        ),
      compare: byText((m) => ROLE_LABELS[m.role]),
    },
    {
      key: "status",
      header: "Status",
      cell: (m) => (
        <span className={`adm-staff__status adm-staff__status--${m.status}`}>{STATUS_LABELS[m.status]}</span>
      ),
      compare: byText((m) => STATUS_LABELS[m.status]),
    },
    {
      key: "last",
      header: "Last sign-in",
      cell: (m) => when(m.lastSignInAt),
      compare: byText((m) => m.lastSignInAt ?? ""),
    },
  ];

  const actions = (m: StaffMember) => (
    <div className="adm-staff__actions">
      {m.role === "technician" && m.status !== "deactivated" && (
        <button type="button" className="btn btn-outline adm-btn-small" onClick={() => onHours(m)}>
          Working Hours<span className="visually-hidden"> of {m.name}</span>
        </button>
      )}
      {m.status === "invited" && (
        <button
          type="button"
          className="btn btn-outline adm-btn-small"
          disabled={busyId === m._id}
          onClick={() => void onChange(m, () => resendInvitation(m._id), `A new invitation was sent to ${m.email}.`)}
        >
          Resend Invitation<span className="visually-hidden"> to {m.name}</span>
        </button>
      )}
      {editable(m) && m.status !== "deactivated" && (
        <button
          type="button"
          className="btn adm-btn-danger adm-btn-small"
          disabled={busyId === m._id}
          onClick={() => {
            if (!confirm(`Deactivate ${m.name}? They are signed out everywhere at once.`)) return;
            void onChange(
              m,
              async () => (await updateStaff(m._id, { active: false })).jobsToReassign,
              `${m.name} was deactivated and signed out.`,
            );
          }}
        >
          Deactivate<span className="visually-hidden"> {m.name}</span>
        </button>
      )}
      {editable(m) && m.status === "deactivated" && (
        <button
          type="button"
          className="btn btn-outline adm-btn-small"
          disabled={busyId === m._id}
          onClick={() =>
            void onChange(
              m,
              async () => void (await updateStaff(m._id, { active: true })),
              `${m.name} can sign in again.`,
            )
          }
        >
          Reactivate<span className="visually-hidden"> {m.name}</span>
        </button>
      )}
    </div>
  );

  return (
    <DataTable
      caption="Staff members"
      className="adm-staff"
      columns={columns}
      rows={staff}
      rowKey={(m) => m._id}
      empty="No staff members yet."
      actions={actions}
    />
  );
}
