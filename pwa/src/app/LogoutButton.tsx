import { useLogout } from "./useLogout.ts";

/** Logout (decision 0021's steps, useLogout), saying so while it runs. */
export function LogoutButton({ className }: { className: string }) {
  const { logout, busy } = useLogout();
  return (
    <button type="button" className={className} disabled={busy} onClick={() => void logout()}>
      {busy ? "Logging out..." : "Logout"}
    </button>
  );
}
