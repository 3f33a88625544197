import * as v from "valibot";
import { text } from "../common/fields.ts";
import { MAX_NOTE_LENGTH, PHOTO_KINDS, VISIT_STAGES } from "./visit.ts";

/** When something was done on the device: an ISO timestamp; the server bounds it (boundedAt). */
const deviceTime = v.pipe(
  v.string("at must be a time"),
  v.isoTimestamp("at must be an ISO time, like 2026-11-26T14:42:00.000Z"),
);

/** PUT /api/bookings/{id}/visit. */
export const VisitUpdateSchema = v.object({
  stage: v.picklist(VISIT_STAGES, "Stage must be scheduled, en_route, on_site or completed"),
  note: v.optional(
    v.pipe(
      v.string("Note must be text"),
      v.trim(),
      v.maxLength(MAX_NOTE_LENGTH, `Note must be at most ${MAX_NOTE_LENGTH} characters`),
    ),
  ),
  customerNotPresent: v.optional(v.boolean("customerNotPresent must be true or false")),
  at: v.optional(deviceTime),
});

/** POST /api/bookings/{id}/notes. */
export const NoteCreateSchema = v.object({ text: text(MAX_NOTE_LENGTH, "Note"), at: v.optional(deviceTime) });

/** PUT /api/bookings/{id}/checklist/{itemId}. */
export const ChecklistTickSchema = v.object({
  done: v.boolean("done must be true or false"),
  at: v.optional(deviceTime),
});

/** POST /api/bookings/{id}/photos?kind=before|after. */
export const PhotoQuerySchema = v.object({
  kind: v.picklist(PHOTO_KINDS, "kind must be before or after"),
  /** When it was taken (the camera's time, or the moment in the app). */
  at: v.optional(deviceTime),
});
