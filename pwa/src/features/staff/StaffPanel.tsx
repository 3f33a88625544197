import type { Booking } from "@contracts/bookings/booking.ts";
import type { StaffMember, StaffRole } from "@contracts/staff/staff.ts";
import { useState, type FormEvent } from "react";
import { BookingLinks } from "../../components/BookingLinks.tsx";
import { LoadState } from "../../components/LoadState.tsx";
import { Modal } from "../../components/Modal.tsx";
import { SelectField, TextField } from "../../components/booking-fields/index.ts";
import { failureText } from "../../lib/http.ts";
import { getUser } from "../../lib/session.ts";
import { fetchStaff } from "../../lib/staff.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { addStaff, resendInvitation, updateStaff, type NewStaff } from "./api.ts";
import "./StaffPanel.css";

const ROLE_LABELS: Record<StaffRole, string> = { owner: "Owner", admin: "Admin", technician: "Technician" };
const ROLE_OPTIONS = [
  { value: "technician", label: "Technician" },
  { value: "admin", label: "Admin" },
];
const OWNER_OPTION = { value: "owner", label: "Owner" };
const STATUS_LABELS = { invited: "Invited", active: "Active", deactivated: "Deactivated" } as const;
const DEFAULT_COLOR = "#1f7a8c";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "Never");

interface Props {
  /** Opened by the "Add Staff Member" quick action. */
  adding: boolean;
  onAddingChange: (adding: boolean) => void;
}

/** The Staff tab: who works here, in which role, and their invitations; the office adds and deactivates people. */
export function StaffPanel({ adding, onAddingChange }: Props) {
  const me = getUser();
  // Only an owner may change an owner (the server enforces it, and keeps the last one); nobody edits themselves here.
  const editable = (m: StaffMember) => m._id !== me?._id && (m.role !== "owner" || me?.role === "owner");
  const roleOptions = me?.role === "owner" ? [...ROLE_OPTIONS, OWNER_OPTION] : ROLE_OPTIONS;
  const staff = useLoad(fetchStaff);
  const { refresh } = staff;
  const [notice, setNotice] = useState<{ kind: "ok" | "error"; text: string; jobs?: Booking[] } | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  async function act(member: StaffMember, work: () => Promise<Booking[] | void>, done: string) {
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
  }

  return (
    <section className="adm-panel" aria-labelledby="staff-title">
      <div className="adm-panel__head">
        <h2 id="staff-title" className="adm-panel__title">
          Staff
        </h2>
        <button type="button" className="btn btn-primary" onClick={() => onAddingChange(true)}>
          Add Staff Member
        </button>
      </div>

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
          <div className="adm-table-wrap">
            <table className="adm-table adm-staff">
              <caption className="visually-hidden">Staff members</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Role</th>
                  <th scope="col">Status</th>
                  <th scope="col">Last sign-in</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.map((m) => (
                  <tr key={m._id}>
                    <td data-label="Name">
                      <span className="adm-staff__who">
                        <span className="adm-staff__swatch" style={{ background: m.color }} aria-hidden="true" />
                        <span className="adm-table__strong">{m.name}</span>
                      </span>
                      <span className="adm-staff__email">{m.email}</span>
                    </td>
                    <td data-label="Role">
                      {!editable(m) ? (
                        ROLE_LABELS[m.role]
                      ) : (
                        <select
                          className="input adm-staff__role"
                          aria-label={`Role of ${m.name}`}
                          value={m.role}
                          disabled={busyId === m._id || m.status === "deactivated"}
                          onChange={(e) =>
                            void act(
                              m,
                              async () => void (await updateStaff(m._id, { role: e.target.value as StaffRole })),
                              `${m.name} is now ${ROLE_LABELS[e.target.value as StaffRole].toLowerCase()}.`,
                            )
                          }
                        >
                          {roleOptions.map((o) => (
                            <option key={o.value} value={o.value}>
                              {o.label}
                            </option>
                          ))}
                        </select>
                      )}
                    </td>
                    <td data-label="Status">
                      <span className={`adm-staff__status adm-staff__status--${m.status}`}>
                        {STATUS_LABELS[m.status]}
                      </span>
                    </td>
                    <td data-label="Last sign-in">{when(m.lastSignInAt)}</td>
                    <td data-label="Actions">
                      <div className="adm-staff__actions">
                        {m.status === "invited" && (
                          <button
                            type="button"
                            className="btn btn-outline adm-btn-small"
                            disabled={busyId === m._id}
                            onClick={() =>
                              void act(m, () => resendInvitation(m._id), `A new invitation was sent to ${m.email}.`)
                            }
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
                              void act(
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
                              void act(
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
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </LoadState>

      {adding && (
        <AddStaffModal
          onClose={() => onAddingChange(false)}
          onAdded={(member) => {
            onAddingChange(false);
            setNotice({ kind: "ok", text: `${member.name} was added and an invitation was sent to ${member.email}.` });
            refresh();
          }}
        />
      )}
    </section>
  );
}

function AddStaffModal({ onClose, onAdded }: { onClose: () => void; onAdded: (member: StaffMember) => void }) {
  const [fields, setFields] = useState<Required<NewStaff>>({
    name: "",
    email: "",
    phone: "",
    role: "technician",
    color: DEFAULT_COLOR,
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof NewStaff) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!fields.name.trim() || !fields.email.trim()) {
      setError("Name and e-mail are required.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { phone, ...rest } = fields;
      onAdded(
        await addStaff({
          ...rest,
          name: rest.name.trim(),
          email: rest.email.trim(),
          ...(phone.trim() ? { phone: phone.trim() } : {}),
        }),
      );
    } catch (err) {
      setError(failureText(err, { otherwise: "The staff member was not added. Please try again." }));
      setBusy(false);
    }
  }

  return (
    <Modal title="Add Staff Member" onClose={onClose} className="adm">
      <form className="adm-staff__form" onSubmit={(e) => void onSubmit(e)} noValidate>
        {error && (
          <p className="banner banner-error" role="alert">
            {error}
          </p>
        )}
        <TextField label="Name" required value={fields.name} onChange={set("name")} autoComplete="off" />
        <TextField
          label="E-mail"
          type="email"
          required
          value={fields.email}
          onChange={set("email")}
          autoComplete="off"
        />
        <TextField label="Phone" type="tel" value={fields.phone} onChange={set("phone")} autoComplete="off" />
        <SelectField label="Role" value={fields.role} options={ROLE_OPTIONS} onChange={set("role")} />
        <div className="field">
          <label className="field-label" htmlFor="staff-color">
            Colour on the schedule
          </label>
          <input
            id="staff-color"
            className="adm-staff__color"
            type="color"
            value={fields.color}
            onChange={(e) => set("color")(e.target.value)}
          />
        </div>
        <p className="adm-staff__hint">
          They receive an e-mail with a link to choose their password, valid for 7 days.
        </p>
        <div className="adm-staff__buttons">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Sending invitation..." : "Add and Invite"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
