import { useState } from "react";
import { failureText } from "./http.ts";

/**
 * Signing devices out from a list of sessions: which one is on its way (`busyId`), what went wrong with the last
 * try, and `revoke(id, work)` that reads the list again once it is done.
 */
export function useSessionRevoke(reread: () => void) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const revoke = async (id: string, work: () => Promise<unknown>) => {
    setBusyId(id);
    setProblem(null);
    try {
      await work();
      reread();
    } catch (error) {
      setProblem(failureText(error, { otherwise: "Could not sign that device out. Try again." }));
    } finally {
      setBusyId(null);
    }
  };
  return { busyId, problem, revoke };
}
