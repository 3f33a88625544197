import type { JobDetails } from "@contracts/visit/job.ts";
import type { PhotoKind, VisitStage } from "@contracts/visit/visit.ts";

/**
 * A visit as a screen shows it: what the server has, and (on the technician's device) what is still waiting to be
 * sent, marked `waiting`, so nothing done offline looks lost.
 */
export interface VisitView {
  stage: VisitStage;
  /** `at`: when it was done on the device; `receivedAt`: when the server had it (absent while waiting). */
  history: { key: string; stage: VisitStage; at: string; receivedAt?: string; by: string; waiting?: boolean }[];
  notes: { key: string; text: string; at: string; receivedAt?: string; by: string; waiting?: boolean }[];
  /** A photo's URL on the server, or its bytes still on this device. */
  photos: { key: string; kind: PhotoKind; source: string | Blob; at?: string; waiting?: boolean }[];
  signature: { source: string | Blob; waiting?: boolean } | null;
  customerNotPresent: boolean;
  /** The service's checklist with its ticks. */
  checklist: {
    key: string;
    label: string;
    required: boolean;
    done: boolean;
    at: string | null;
    receivedAt?: string | null;
    by: string | null;
    waiting?: boolean;
  }[];
}

export function visitViewOf(job: JobDetails): VisitView {
  return {
    stage: job.visit.stage,
    history: job.visit.history.map((entry, i) => ({ key: `h${i}`, ...entry })),
    notes: job.notes.map(({ _id, text, at, receivedAt, by }) => ({ key: _id, text, at, receivedAt, by })),
    photos: job.photos.map(({ _id, kind, url, at }) => ({ key: _id, kind, source: url, at })),
    signature: job.signature ? { source: job.signature.url } : null,
    customerNotPresent: job.visit.customerNotPresent,
    // A job kept on the device by an older version has no checklist.
    checklist: (job.checklist ?? []).map(({ _id, ...item }) => ({ key: _id, ...item })),
  };
}
