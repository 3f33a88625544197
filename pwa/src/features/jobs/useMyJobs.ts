import type { Booking } from "@contracts/bookings/booking.ts";
import { todayIn } from "@contracts/schedule/dates.ts";
import { useCallback, useEffect } from "react";
import { useProfile } from "../../lib/profile.tsx";
import { useSocketEvent } from "../../lib/socketEvents.ts";
import { keepStaffImages } from "../../lib/staffImages.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { fetchJob, fetchMyJobs } from "./api.ts";
import { keepJobs, keptJobs, withinOfflineDays } from "./jobStore.ts";
import { onWorkChange, waitingWork, type WaitingWork } from "./jobQueue.ts";
import { imagesOf } from "./useJob.ts";
import { useDeviceRead } from "../../lib/useDeviceRead.ts";

/** Every job's work waiting on this device (a stable read for useDeviceRead). */
const allWaitingWork = () => waitingWork();
/** No work waiting: one array, so a screen does not see a new one on every render. */
const NO_WORK: WaitingWork[] = [];

/** A technician's jobs as shown; `keptAt`: the device's copy of that time is shown (no network), null when live. */
export interface MyJobs {
  jobs: Booking[];
  keptAt: string | null;
}

/** The server's list (then kept on the device with its photos), else the device's copy; none at all is a failure. */
async function readMyJobs(timeZone: string): Promise<MyJobs> {
  try {
    const today = todayIn(timeZone);
    const jobs = await fetchMyJobs(today);
    void keepForOffline(jobs, today);
    return { jobs, keptAt: null };
  } catch (error) {
    const kept = await keptJobs().catch(() => []);
    if (kept.length === 0) throw error;
    return { jobs: kept.map((k) => k.job), keptAt: kept.map((k) => k.syncedAt).sort()[0]! };
  }
}

/**
 * A technician's jobs, kept current live. Each load from the server also keeps today's and the next days' jobs on
 * the device, with their photos, so My Jobs and each of those jobs open in a basement with no signal.
 */
export function useMyJobs() {
  const { timeZone } = useProfile();
  const load = useLoad(useCallback(() => readMyJobs(timeZone), [timeZone]));
  const { refresh, update } = load;
  // A device read: its answer is dropped once the screen has closed, as a read of IndexedDB may come after.
  const { value: waiting, again } = useDeviceRead(allWaitingWork);
  useEffect(() => onWorkChange(() => again()), [again]);
  const change = (next: (jobs: Booking[]) => Booking[]) => update((shown) => ({ ...shown, jobs: next(shown.jobs) }));
  // Events missed while the socket was away are not replayed: a reconnection reads the list again.
  useSocketEvent("connect", refresh);
  useSocketEvent("jobAssigned", (booking) => change((list) => [...list.filter((j) => j._id !== booking._id), booking]));
  useSocketEvent("jobUnassigned", (booking) => change((list) => list.filter((j) => j._id !== booking._id)));
  useSocketEvent("bookingUpdated", (booking) =>
    change((list) => list.map((j) => (j._id === booking._id ? booking : j))),
  );

  return { load, waiting: waiting ?? NO_WORK };
}

async function keepForOffline(list: readonly Booking[], today: string): Promise<void> {
  try {
    const details = await Promise.all(withinOfflineDays(list, today).map((job) => fetchJob(job._id)));
    await keepJobs(details);
    await keepStaffImages(details.flatMap(imagesOf));
  } catch (error) {
    // The list on screen is current; the offline copy is tried again on the next load.
    console.warn("Keeping the jobs on this device failed", error);
  }
}
