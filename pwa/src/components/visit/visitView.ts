import type { JobDetails, PhotoKind, VisitStage } from "@contracts/visit.ts";

/**
 * A visit as a screen shows it: what the server has, and (on the technician's device) what is still waiting to be
 * sent, marked `waiting`, so nothing done offline looks lost.
 */
export interface VisitView {
  stage: VisitStage;
  history: { key: string; stage: VisitStage; at: string; by: string; waiting?: boolean }[];
  notes: { key: string; text: string; at: string; by: string; waiting?: boolean }[];
  /** A photo's URL on the server, or its bytes still on this device. */
  photos: { key: string; kind: PhotoKind; source: string | Blob; waiting?: boolean }[];
  signature: { source: string | Blob; waiting?: boolean } | null;
  customerNotPresent: boolean;
}

export function visitViewOf(job: JobDetails): VisitView {
  return {
    stage: job.visit.stage,
    history: job.visit.history.map((entry, i) => ({ key: `h${i}`, ...entry })),
    notes: job.notes.map(({ _id, text, at, by }) => ({ key: _id, text, at, by })),
    photos: job.photos.map(({ _id, kind, url }) => ({ key: _id, kind, source: url })),
    signature: job.signature ? { source: job.signature.url } : null,
    customerNotPresent: job.visit.customerNotPresent,
  };
}
