import { formatPlain } from "@contracts/i18n/messages.ts";
import type { PhotoKind, VisitStage } from "@contracts/visit/visit.ts";
import { endSession } from "../../lib/http.ts";
import type { QueueItem } from "../../lib/offline-queue/db.ts";
import { subscribeQueue } from "../../lib/offline-queue/events.ts";
import { dismiss, enqueue, flushQueue, list, type QueuePolicy } from "../../lib/offline-queue/queue.ts";
import { workLabel } from "./workLabel.ts";

/**
 * One thing a technician did on a job, kept on the device until the server has it. `at` is when it was done on
 * this device: the server keeps it beside the time it arrived. Work kept by an older version has none. `jobName`
 * (the customer's name) and `what` (the work in the technician's language) are only for the sync list: not sent.
 */
export type JobWork = (
  | { type: "stage"; bookingId: string; stage: VisitStage; note?: string; customerNotPresent?: boolean }
  | { type: "note"; bookingId: string; text: string }
  | { type: "photo"; bookingId: string; kind: PhotoKind; blob: Blob }
  | { type: "signature"; bookingId: string; blob: Blob }
  | { type: "checklist"; bookingId: string; itemId: string; label: string; done: boolean }
) & { at?: string; jobName?: string; what?: string };

/** What the job screen shows of a piece of work still on this device. */
export interface WaitingWork {
  id: string;
  work: JobWork;
  /** Epoch ms when the technician did it. */
  at: number;
  /** 'failed': the server refused it (the office reassigned or cancelled the job); its words are in `error`. */
  state: QueueItem["state"];
  error: string | null;
}

const path = (bookingId: string, tail: string) => `/api/bookings/${encodeURIComponent(bookingId)}/${tail}`;

/**
 * Everything a technician does on a job, in one kind, so the queue replays it in the order it was done (a staff
 * kind holds back its later items while one waits): the photos and the signature reach the server before the
 * completion that sends the customer the report. Each item stands alone and is sent once (its Idempotency-Key).
 */
const jobWork: QueuePolicy<JobWork> = {
  kind: "job",
  request(work) {
    switch (work.type) {
      case "stage": {
        const { stage, note, customerNotPresent, at } = work;
        return { method: "PUT", url: path(work.bookingId, "visit"), body: { stage, note, customerNotPresent, at } };
      }
      case "note":
        return { method: "POST", url: path(work.bookingId, "notes"), body: { text: work.text, at: work.at } };
      case "photo": {
        const at = work.at ? `&at=${encodeURIComponent(work.at)}` : "";
        return { method: "POST", url: `${path(work.bookingId, "photos")}?kind=${work.kind}${at}`, body: work.blob };
      }
      case "checklist":
        return {
          method: "PUT",
          url: path(work.bookingId, `checklist/${encodeURIComponent(work.itemId)}`),
          body: { done: work.done, at: work.at },
        };
      case "signature":
        return { method: "POST", url: path(work.bookingId, "signature"), body: work.blob };
    }
  },
  staff: true,
  versioned: false,
  describe: (work) => ({
    what: work.what ?? workLabel(work, (m, values) => formatPlain(m.defaultMessage, values)),
    about: work.jobName ?? `Job ${work.bookingId.slice(-6)}`,
  }),
};

/**
 * Keeps `work` on the device and sends it when it can: 'sent' with the server's answer, 'queued' offline or with
 * no answer. A refusal (a 4xx the server gave, such as a job given to another technician) is thrown with nothing
 * kept, for the screen to say.
 */
export async function doJobWork(work: JobWork): Promise<"sent" | "queued"> {
  const stamped = { ...work, at: work.at ?? new Date().toISOString() };
  return (await enqueue(jobWork, stamped, { endSession })).state;
}

/** The work still on this device for one job (or all jobs), oldest first. */
export async function waitingWork(bookingId?: string): Promise<WaitingWork[]> {
  return (await list([jobWork.kind]))
    .map(({ id, payload, createdAt, state, lastError }) => ({
      id,
      work: payload as JobWork,
      at: createdAt,
      state,
      error: lastError,
    }))
    .filter((waiting) => bookingId === undefined || waiting.work.bookingId === bookingId);
}

/** Sends what waits now (the network came back, or the screen opened). */
export async function sendWaitingWork(): Promise<void> {
  await flushQueue([jobWork.kind], { ignoreBackoff: true, endSession });
}

/** Drops a refused piece of work once the technician has read why. */
export const dismissWork = (id: string) => dismiss(id);

/**
 * Calls `onChange` whenever the job work on this device changes (queued, delivered, refused, dismissed), with the
 * job it was about. A logout's wipe counts for every job.
 */
export function onWorkChange(
  onChange: (change: {
    type: "queued" | "delivered" | "failed" | "dismissed" | "settled" | "cleared";
    bookingId: string | null;
  }) => void,
): () => void {
  return subscribeQueue((event) => {
    if (event.type === "admin-cleared") onChange({ type: "cleared", bookingId: null });
    else if (event.item.kind === jobWork.kind)
      onChange({ type: event.type, bookingId: (event.item.payload as JobWork).bookingId });
  });
}
