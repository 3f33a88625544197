import { flushStatusChanges, listStatusChanges } from "../lib/offline-queue/adminStatusQueue.ts";
import { isOffline } from "../lib/pwa/online.ts";
import { logoutTiming, settleWithin } from "../lib/logout.ts";

async function countWaiting(): Promise<number> {
  const changes = await listStatusChanges().catch(() => []);
  return changes.filter((change) => change.state === "pending").length;
}

/**
 * The status changes that would be lost by logging out now. Online, they are first sent (for a short while): the
 * network may be back before the sync loop has noticed, and then the admin need not be asked at all.
 */
export async function unsentStatusChanges(): Promise<number> {
  if ((await countWaiting()) === 0) return 0;
  if (!isOffline()) {
    await settleWithin(
      flushStatusChanges().catch(() => undefined),
      logoutTiming.flushBudgetMs,
    );
  }
  return countWaiting();
}

export function unsentWarning(count: number): string {
  const changes = count === 1 ? "1 status change has" : `${count} status changes have`;
  return `${changes} not been sent yet and will be lost. Log out anyway?`;
}
