import type { JobDetails } from "@contracts/visit/job.ts";
import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../lib/http.ts";
import { useSocketEvent } from "../../lib/socketEvents.ts";
import { keepStaffImages } from "../../lib/staffImages.ts";
import { fetchJob } from "./api.ts";
import { keepJob, keptJob } from "./jobStore.ts";
import { onWorkChange, waitingWork, type WaitingWork } from "./jobQueue.ts";

export type JobLoad =
  | { state: "loading" }
  /** `keptAt`: shown from the device's copy of that time (no network); null when just loaded from the server. */
  | { state: "ready"; job: JobDetails; keptAt: string | null }
  /** The server says this job is not (or no longer) this technician's. */
  | { state: "gone"; message: string }
  | { state: "failed" };

/** imagesOf: every staff image a job shows, to keep on the device with it. */
export const imagesOf = (job: JobDetails) => [
  ...job.photos.map((p) => p.url),
  ...(job.signature ? [job.signature.url] : []),
];

/**
 * One job for the job screen: from the server when it answers (then kept on the device with its images), else the
 * device's copy; and the work on it still waiting on this device. Reloaded live and when waiting work is delivered.
 */
export function useJob(id: string) {
  const [load, setLoad] = useState<JobLoad>({ state: "loading" });
  const [waiting, setWaiting] = useState<WaitingWork[]>([]);

  // Promise callbacks, not awaits: the state is set when the answer comes, never in the effect that asks.
  const reload = useCallback(
    () =>
      fetchJob(id).then(
        (job) => {
          setLoad({ state: "ready", job, keptAt: null });
          void keepJob(job).then(() => keepStaffImages(imagesOf(job)));
        },
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) {
            setLoad({ state: "gone", message: error.message });
            return;
          }
          return keptJob(id)
            .catch(() => null)
            .then((kept) =>
              setLoad((current) =>
                kept
                  ? { state: "ready", job: kept.job, keptAt: kept.syncedAt }
                  : current.state === "ready"
                    ? current
                    : { state: "failed" },
              ),
            );
        },
      ),
    [id],
  );

  const readWaiting = useCallback(
    () =>
      waitingWork(id).then(setWaiting, (error: unknown) => {
        console.error("Reading the work waiting on this device failed", error);
      }),
    [id],
  );

  useEffect(() => {
    void reload();
    void readWaiting();
    return onWorkChange((change) => {
      if (change.bookingId !== null && change.bookingId !== id) return;
      void readWaiting();
      if (change.type === "delivered") void reload();
    });
  }, [id, reload, readWaiting]);

  useSocketEvent("bookingUpdated", (booking) => booking._id === id && void reload());
  useSocketEvent("jobUnassigned", (payload) => payload._id === id && void reload());
  useSocketEvent("connect", () => void reload());

  return { load, waiting, reload };
}
