import type { StaffRole } from "@contracts/staff/staff.ts";
import { Link } from "../../components/Link.tsx";
import { LogoutButton } from "../LogoutButton.tsx";
import { ROLE_LABELS } from "../../features/staff/roles.ts";
import { persistence, persistenceText } from "../../lib/deviceStorage/persistence.ts";
import { useDeviceRead } from "../../lib/useDeviceRead.ts";

/**
 * The account menu's content: who is signed in, in which role, whether this device keeps the app's storage for
 * good, and Logout. A chunk of its own, loaded when the menu opens: a screen that never logs out does not load the
 * logout's code.
 */
export default function AccountPanel({
  id,
  name,
  email,
  role,
}: {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
}) {
  const storage = useDeviceRead(persistence).value;
  const words = storage && persistenceText(storage);

  return (
    <div className="shell-account__panel" id={id}>
      <p className="shell-account__who">
        <strong>{name}</strong>
        <span>{ROLE_LABELS[role]}</span>
        <span className="shell-account__email">{email}</span>
      </p>
      {words && (
        <p className={`shell-account__storage shell-account__storage--${storage === "granted" ? "kept" : "at-risk"}`}>
          <strong>{words.title}</strong>
          <span>{words.detail}</span>
        </p>
      )}
      <nav className="shell-account__links" aria-label="Your account">
        <Link to="/account/two-step">Two-step verification</Link>
        <Link to="/account/devices">Devices</Link>
        <Link to="/dashboard/account/passkeys">Passkeys</Link>
      </nav>
      <LogoutButton className="btn btn-primary shell-account__action" />
    </div>
  );
}
