import type { VisitStage } from "@contracts/visit/visit.ts";
import { type JobDetails } from "@contracts/visit/job.ts";
import { visitViewOf, type VisitView } from "../../components/visit/visitView.ts";
import type { WaitingWork } from "./jobQueue.ts";

/**
 * The job as the technician last left it: the server's record with the work still on this device laid over it,
 * marked as waiting. Refused work is not laid over (the screen says why it was refused instead).
 */
export function jobViewWithWaiting(job: JobDetails, waiting: readonly WaitingWork[], me: string): VisitView {
  const view = visitViewOf(job);
  for (const { id, work, at, state } of waiting) {
    if (state !== "pending" || work.bookingId !== job._id) continue;
    const when = work.at ?? new Date(at).toISOString();
    switch (work.type) {
      case "stage":
        view.stage = work.stage;
        view.history.push({ key: id, stage: work.stage, at: when, by: me, waiting: true });
        if (work.note?.trim())
          view.notes.push({ key: `${id}:note`, text: work.note.trim(), at: when, by: me, waiting: true });
        if (work.customerNotPresent) view.customerNotPresent = true;
        break;
      case "note":
        view.notes.push({ key: id, text: work.text, at: when, by: me, waiting: true });
        break;
      case "photo":
        view.photos.push({ key: id, kind: work.kind, source: work.blob, at: when, waiting: true });
        break;
      case "signature":
        view.signature = { source: work.blob, waiting: true };
        break;
      case "checklist":
        view.checklist = view.checklist.map((item) =>
          item.key === work.itemId ? { ...item, done: work.done, at: when, by: me, waiting: true } : item,
        );
        break;
    }
  }
  return view;
}

/** The stage a job is at for its technician: the last one they moved it to, sent or not. */
export function currentStage(job: JobDetails, waiting: readonly WaitingWork[]): VisitStage {
  return jobViewWithWaiting(job, waiting, "").stage;
}
