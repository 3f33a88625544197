import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { logoutOnServer, logoutTiming, settleWithin } from "../lib/logout.ts";
import { turnOffPush } from "../lib/push.ts";
import { clearAdminData } from "../lib/offline-queue/adminSnapshot.ts";
import { clearSession, getToken } from "../lib/session.ts";
import { unsentWork } from "./unsentChanges.ts";

/**
 * Logout (decisions 0021 and 0053): work still waiting is sent if possible, else the person is told it stays on the
 * device for their next login, and chooses to log out or stay; then the device forgets the session and the customer
 * data (never the waiting work) before the server is told, so a hung network can neither block the logout nor leave
 * the data behind.
 */
export function useLogout() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  /** How many items wait while the question is open; null when nothing is asked. */
  const [unsent, setUnsent] = useState<number | null>(null);

  async function logout() {
    setBusy(true);
    const waiting = await unsentWork();
    if (waiting > 0) {
      setUnsent(waiting);
      setBusy(false);
      return;
    }
    await leave();
  }

  async function leave() {
    setUnsent(null);
    setBusy(true);
    const token = getToken();
    // The session first: a snapshot save still on its way checks it, so it cannot land after the wipe.
    clearSession();
    await clearAdminData().catch((error: unknown) => console.error("Clearing admin data failed", error));
    // The next person on this device must not get this one's notifications.
    await settleWithin(turnOffPush(token), logoutTiming.revokeTimeoutMs).catch((error: unknown) =>
      console.error("Turning notifications off failed", error),
    );
    await logoutOnServer(token);
    navigate("/login", { replace: true });
  }

  return { logout, busy, unsent, logoutAnyway: () => void leave(), stay: () => setUnsent(null) };
}
