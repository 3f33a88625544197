import type { JobDetails } from "@contracts/visit/job.ts";
import { useCallback, useEffect } from "react";
import { useSocketEvent } from "../../lib/socketEvents.ts";
import { keepStaffImages } from "../../lib/staffImages.ts";
import { isNotFound, useLoad } from "../../lib/useLoad.ts";
import { fetchJob } from "./api.ts";
import { keepJob, keptJob } from "./jobStore.ts";
import { onWorkChange, waitingWork, type WaitingWork } from "./jobQueue.ts";
import { useDeviceRead } from "../../lib/useDeviceRead.ts";

/** No work waiting: one array, so a screen does not see a new one on every render. */
const NONE_WAITING: WaitingWork[] = [];

/** A job as shown; `keptAt`: from the device's copy of that time (no network), null when just read from the server. */
export interface ShownJob {
  job: JobDetails;
  keptAt: string | null;
}

/** imagesOf: every staff image a job shows, to keep on the device with it. */
export const imagesOf = (job: JobDetails) => [
  ...job.photos.map((p) => p.url),
  ...(job.signature ? [job.signature.url] : []),
];

/**
 * The server's job (then kept on the device with its images), else the device's copy. A 404 (not, or no longer,
 * this technician's) is not answered from the copy: it stays a failure, which the screen says.
 */
async function readJob(id: string): Promise<ShownJob> {
  try {
    const job = await fetchJob(id);
    // A copy that cannot be kept (a full device) only means the screen cannot open offline later.
    void keepJob(job)
      .then(() => keepStaffImages(imagesOf(job)))
      .catch((error: unknown) => console.warn("Keeping the job on this device failed", error));
    return { job, keptAt: null };
  } catch (error) {
    if (isNotFound(error)) throw error;
    const kept = await keptJob(id).catch(() => null);
    if (!kept) throw error;
    return { job: kept.job, keptAt: kept.syncedAt };
  }
}

/**
 * One job for the job screen: from the server when it answers, else the device's copy; and the work on it still
 * waiting on this device. Read again live and when waiting work is delivered.
 */
export function useJob(id: string) {
  const load = useLoad(useCallback(() => readJob(id), [id]));
  const { refresh } = load;
  // A device read: its answer is dropped once the screen has closed, as a read of IndexedDB may come after.
  const readWaiting = useCallback(
    () =>
      waitingWork(id).catch((error: unknown) => {
        console.error("Reading the work waiting on this device failed", error);
        throw error;
      }),
    [id],
  );
  const { value: waiting, again } = useDeviceRead(readWaiting);

  useEffect(
    () =>
      onWorkChange((change) => {
        if (change.bookingId !== null && change.bookingId !== id) return;
        again();
        if (change.type === "delivered") refresh();
      }),
    [id, again, refresh],
  );

  useSocketEvent("bookingUpdated", (booking) => booking._id === id && refresh());
  useSocketEvent("jobUnassigned", (payload) => payload._id === id && refresh());
  // A payment (here or through the customer's link) changes the invoice, not the booking's version.
  useSocketEvent("invoiceUpdated", (invoice) => invoice.bookingId === id && refresh());
  useSocketEvent("connect", refresh);

  return { load, waiting: waiting ?? NONE_WAITING };
}
