import type { Booking } from "@contracts/bookings/booking.ts";
import { todayIn } from "@contracts/schedule/dates.ts";
import { useCallback, useEffect, useState } from "react";
import { useProfile } from "../../lib/profile.tsx";
import { useSocketEvent } from "../../lib/socketEvents.ts";
import { keepStaffImages } from "../../lib/staffImages.ts";
import { fetchJob, fetchMyJobs } from "./api.ts";
import { keepJobs, keptJobs, withinOfflineDays } from "./jobStore.ts";
import { onWorkChange, waitingWork, type WaitingWork } from "./jobQueue.ts";
import { imagesOf } from "./useJob.ts";

export type JobsLoad =
  | { state: "loading" }
  /** `keptAt`: the device's copy of that time is shown (no network); null when live. */
  | { state: "ready"; keptAt: string | null }
  | { state: "failed" };

/**
 * A technician's jobs, kept current live. Each load from the server also keeps today's and the next days' jobs on
 * the device, with their photos, so My Jobs and each of those jobs open in a basement with no signal.
 */
export function useMyJobs() {
  const { timeZone } = useProfile();
  const [jobs, setJobs] = useState<Booking[]>([]);
  const [load, setLoad] = useState<JobsLoad>({ state: "loading" });
  const [waiting, setWaiting] = useState<WaitingWork[]>([]);

  // Promise callbacks, not awaits: the state is set when the answer comes, never in the effect that asks.
  const reload = useCallback(
    () =>
      fetchMyJobs().then(
        (list) => {
          setJobs(list);
          setLoad({ state: "ready", keptAt: null });
          void keepForOffline(list, todayIn(timeZone));
        },
        () =>
          keptJobs()
            .catch(() => [])
            .then((kept) => {
              if (kept.length === 0) return setLoad((l) => (l.state === "ready" ? l : { state: "failed" }));
              setJobs(kept.map((k) => k.job));
              setLoad({ state: "ready", keptAt: kept.map((k) => k.syncedAt).sort()[0]! });
            }),
      ),
    [timeZone],
  );

  useEffect(() => {
    void reload();
    const readWaiting = () => void waitingWork().then(setWaiting, () => undefined);
    readWaiting();
    return onWorkChange(readWaiting);
  }, [reload]);
  // Events missed while the socket was away are not replayed: a reconnection reads the list again.
  useSocketEvent("connect", () => void reload());
  useSocketEvent("jobAssigned", (booking) =>
    setJobs((list) => [...list.filter((j) => j._id !== booking._id), booking]),
  );
  useSocketEvent("jobUnassigned", (booking) => setJobs((list) => list.filter((j) => j._id !== booking._id)));
  useSocketEvent("bookingUpdated", (booking) =>
    setJobs((list) => list.map((j) => (j._id === booking._id ? booking : j))),
  );

  return { jobs, load, waiting };
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
