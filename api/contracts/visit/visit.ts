/**
 * The technician's visit: its stages in order. Only an admin may move a visit back; `completed` also
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
  /** When the technician made the change on their device (ISO), within boundedAt(). */
  at: string;
  /** When it reached the server: later than `at` when it waited in the device's queue. */
  receivedAt: string;
  /** The name of the staff member who made it. */
  by: string;
}

export interface Visit {
  stage: VisitStage;
  history: VisitHistoryEntry[];
  /** Completed with "Customer not present" ticked: no signature was asked for. */
  customerNotPresent: boolean;
}

export interface VisitNote {
  _id: string;
  text: string;
  at: string;
  receivedAt: string;
  /** The author's name. */
  by: string;
}

export const PHOTO_KINDS = ["before", "after"] as const;

export type PhotoKind = (typeof PHOTO_KINDS)[number];

export const PHOTO_KIND_LABELS: Record<PhotoKind, string> = { before: "Before", after: "After" };

export interface VisitPhoto {
  _id: string;
  kind: PhotoKind;
  /** `/api/photos/{id}`: staff who may see the booking fetch it with their token. */
  url: string;
  /** When it was taken: the camera's own time when the file had one, else when it was taken in the app. */
  at: string;
  receivedAt: string;
}

export interface VisitSignature {
  url: string;
}

/** Body of PUT /api/bookings/{id}/visit. `note` is a note added with the change (the final note on completion). */
export interface VisitUpdate {
  stage: VisitStage;
  /** When the technician pressed the button on their device. */
  at?: string;
  note?: string;
  /** Only with `completed`. */
  customerNotPresent?: boolean;
}

/** Body of POST /api/bookings/{id}/notes. */
export interface NoteCreate {
  text: string;
  at?: string;
}

/** Body of PUT /api/bookings/{id}/checklist/{itemId}. */
export interface ChecklistTick {
  done: boolean;
  at?: string;
}

/**
 * The time a device says something happened, kept to what can be true: not after it reached the server,
 * not before the job was given to its technician. Absent or unreadable, it is the time of arrival.
 */
export function boundedAt(claimed: string | undefined, receivedAt: Date, floor: Date): Date {
  const at = claimed === undefined ? Number.NaN : Date.parse(claimed);
  if (Number.isNaN(at)) return receivedAt;
  return new Date(Math.min(receivedAt.getTime(), Math.max(floor.getTime(), at)));
}

/** Past this delay between doing and arrival, the office sees both times ("9:42 AM (sent 10:15 AM)"). */
export const LATE_ARRIVAL_MS = 2 * 60_000;

export const MAX_NOTE_LENGTH = 2000;

/** The image types a photo may be sent as (its Content-Type); the server checks the bytes match. */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export type PhotoType = (typeof PHOTO_TYPES)[number];

export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;

/** A signature is a PNG drawn on a tablet-sized canvas: far below this. */
export const MAX_SIGNATURE_BYTES = 1024 * 1024;

/** The device scales a photo to at most this many pixels on its long side before keeping it. */
export const PHOTO_MAX_EDGE_PX = 1600;
