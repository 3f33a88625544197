import { useEffect, useState } from "react";

export const CONFIRM_POLL_MS = 1500;
export const CONFIRM_GIVE_UP_MS = 60_000;

/**
 * Back from the payment provider's page (`returned`): the payment is recorded when the provider's notice reaches the
 * server, seconds later. True while it is not `settled` yet: the page reads again every 1.5 s, for a minute at most.
 */
export function useConfirmingReturn(returned: boolean, settled: boolean, refresh: () => void, read: unknown): boolean {
  const [gaveUp, setGaveUp] = useState(false);
  const confirming = returned && !settled && !gaveUp;
  useEffect(() => {
    if (!confirming) return;
    const poll = setTimeout(refresh, CONFIRM_POLL_MS);
    return () => clearTimeout(poll);
  }, [confirming, refresh, read]);
  useEffect(() => {
    if (!returned) return;
    const giveUp = setTimeout(() => setGaveUp(true), CONFIRM_GIVE_UP_MS);
    return () => clearTimeout(giveUp);
  }, [returned]);
  return confirming;
}
