import { endSession } from "../lib/http.ts";
import { ALL_KINDS } from "../lib/offline-queue/db.ts";
import { flushQueue, listKept } from "../lib/offline-queue/queue.ts";
import { isOffline } from "../lib/pwa/online.ts";
import { logoutTiming, settleWithin } from "../lib/logout.ts";

/** The signed-in person's own writes still waiting (a visitor's booking on this device is not theirs to answer for). */
async function countWaiting(): Promise<number> {
  const items = await listKept(ALL_KINDS).catch(() => []);
  return items.filter((item) => item.staff && item.state === "pending").length;
}

/**
 * The person's work that a logout now would leave waiting on the device. Online, it is first sent (for a short
 * while): the network may be back before the sync loop has noticed, and then nobody need be asked at all.
 */
export async function unsentWork(): Promise<number> {
  if ((await countWaiting()) === 0) return 0;
  if (!isOffline()) {
    await settleWithin(
      flushQueue(ALL_KINDS, { ignoreBackoff: true, endSession }).catch(() => undefined),
      logoutTiming.flushBudgetMs,
    );
  }
  return countWaiting();
}

/** What Logout asks when work waits: nothing is lost, it waits for this person's next login. */
export function unsentQuestion(count: number): string {
  return count === 1
    ? "1 item has not been sent. It stays on this device and is sent when you log in again."
    : `${count} items have not been sent. They stay on this device and are sent when you log in again.`;
}
