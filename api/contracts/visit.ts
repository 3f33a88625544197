import type { Booking } from "./entities.ts";

/**
 * The technician's visit (issue 17): its stages in order. Only an admin may move a visit back; `completed` also
 * makes the booking's SPEC status `completed`.
 */
export const VISIT_STAGES = ["scheduled", "en_route", "on_site", "completed"] as const;
export type VisitStage = (typeof VISIT_STAGES)[number];

/** What the office and the technician read for each stage ("On my way — 9:42 AM"). */
export const VISIT_STAGE_LABELS: Record<VisitStage, string> = {
  scheduled: "Scheduled",
  en_route: "On my way",
  on_site: "On site",
  completed: "Completed",
};

export const stageIndex = (stage: VisitStage) => VISIT_STAGES.indexOf(stage);

/**
 * Whether `who` may move a visit from `from` to `to`. A technician only forward (skipping a stage is allowed: a
 * technician who forgot "On My Way" can still start); an admin anywhere. Staying on the same stage is never a
 * change.
 */
export function canMoveVisit(from: VisitStage, to: VisitStage, who: "admin" | "technician"): boolean {
  if (from === to) return false;
  return who === "admin" || stageIndex(to) > stageIndex(from);
}

export interface VisitHistoryEntry {
  stage: VisitStage;
  /** The instant of the change (ISO). */
  at: string;
  /** The name of the staff member who made it. */
  by: string;
}

export interface Visit {
  stage: VisitStage;
  history: VisitHistoryEntry[];
  /** Completed with "Customer not present" ticked: no signature was asked for. */
  customerNotPresent: boolean;
}

export interface JobNote {
  _id: string;
  text: string;
  at: string;
  /** The author's name. */
  by: string;
}

export const PHOTO_KINDS = ["before", "after"] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];
export const PHOTO_KIND_LABELS: Record<PhotoKind, string> = { before: "Before", after: "After" };

export interface JobPhoto {
  _id: string;
  kind: PhotoKind;
  /** `/api/photos/{id}`: staff who may see the booking fetch it with their token. */
  url: string;
}

export interface JobSignature {
  url: string;
}

/** GET /api/bookings/{id} for staff: the booking with its visit, notes, photos and signature. */
export interface JobDetails extends Booking {
  visit: Visit;
  notes: JobNote[];
  photos: JobPhoto[];
  signature: JobSignature | null;
}

/** Body of PUT /api/bookings/{id}/visit. `note` is a note added with the change (the final note on completion). */
export interface VisitUpdate {
  stage: VisitStage;
  note?: string;
  /** Only with `completed`. */
  customerNotPresent?: boolean;
}

/** Body of POST /api/bookings/{id}/notes. */
export interface NoteCreate {
  text: string;
}

export const MAX_NOTE_LENGTH = 2000;

/** The image types a photo may be sent as (its Content-Type); the server checks the bytes match. */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
/** A signature is a PNG drawn on a tablet-sized canvas: far below this. */
export const MAX_SIGNATURE_BYTES = 1024 * 1024;
/** The device scales a photo to at most this many pixels on its long side before keeping it. */
export const PHOTO_MAX_EDGE_PX = 1600;
