import type { StaffRole } from "@contracts/staff/staff.ts";
import { LogoutButton } from "../LogoutButton.tsx";
import { ROLE_LABELS } from "../../features/staff/roles.ts";

/**
 * The account menu's content: who is signed in, in which role, and Logout. A chunk of its own, loaded when the menu
 * opens: a screen that never logs out does not load the logout's code (decision 0021's steps).
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
  return (
    <div className="shell-account__panel" id={id}>
      <p className="shell-account__who">
        <strong>{name}</strong>
        <span>{ROLE_LABELS[role]}</span>
        <span className="shell-account__email">{email}</span>
      </p>
      <LogoutButton className="btn btn-primary shell-account__action" />
    </div>
  );
}
