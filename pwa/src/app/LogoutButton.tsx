import { LogoutQuestion } from "./LogoutQuestion.tsx";
import { useLogout } from "./useLogout.ts";

/** Logout (useLogout's steps), saying so while it runs, and asking first when work still waits on the device. */
export function LogoutButton({ className }: { className: string }) {
  const { logout, busy, unsent, logoutAnyway, stay } = useLogout();
  return (
    <>
      <button type="button" className={className} disabled={busy} onClick={() => void logout()}>
        {busy ? "Logging out..." : "Logout"}
      </button>
      {unsent !== null && <LogoutQuestion count={unsent} onLogout={logoutAnyway} onStay={stay} />}
    </>
  );
}
