import type { StaffSessionView } from "@contracts/staff/sign-in.ts";
import { formatReceived } from "../lib/format.ts";
import "./SessionList.css";

/**
 * A person's signed-in devices: name, since when, last seen (and from where), each with Sign out. The current one
 * (this device) says so and has no button: Logout ends it.
 */
export function SessionList({
  sessions,
  busyId,
  onRevoke,
}: {
  sessions: readonly StaffSessionView[];
  busyId: string | null;
  onRevoke: (session: StaffSessionView) => void;
}) {
  if (sessions.length === 0) return <p>No device is signed in.</p>;
  return (
    <ul className="devices__list">
      {sessions.map((s) => (
        <li key={s._id} className="devices__item">
          <span>
            <strong>{s.device}</strong>
            {s.current && <span className="badge"> This device</span>}
            <span className="devices__meta">
              Signed in {formatReceived(s.createdAt)} · last seen {formatReceived(s.lastSeenAt)}
              {s.lastAddress ? ` from ${s.lastAddress}` : ""}
            </span>
          </span>
          {!s.current && (
            <button
              type="button"
              className="btn btn-outline"
              disabled={busyId === s._id}
              onClick={() => onRevoke(s)}
              aria-label={`Sign out ${s.device}`}
            >
              {busyId === s._id ? "Signing out..." : "Sign out"}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
