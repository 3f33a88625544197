import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { logoutOnServer, logoutTiming, settleWithin } from "../lib/logout.ts";
import { turnOffPush } from "../lib/push.ts";
import { clearAdminData } from "../lib/offline-queue/adminSnapshot.ts";
import { clearSession, getToken } from "../lib/session.ts";
import { unsentStatusChanges, unsentWarning } from "./unsentChanges.ts";

/**
 * Logout (decision 0021): status changes still waiting are sent if possible, else the admin confirms losing them;
 * then the device forgets the session and the customer data before the server is told, so a hung network can
 * neither block the logout nor leave the data behind.
 */
export function useLogout() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function logout() {
    setBusy(true);
    const unsent = await unsentStatusChanges();
    if (unsent > 0 && !window.confirm(unsentWarning(unsent))) {
      setBusy(false);
      return;
    }
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

  return { logout, busy };
}
