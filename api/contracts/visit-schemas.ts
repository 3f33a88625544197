// Staff-only request schemas of the technician's visit (issue 17): kept out of schemas.ts, which the public
// booking page loads.
import * as v from "valibot";
import { text } from "./schemas.ts";
import { MAX_NOTE_LENGTH, PHOTO_KINDS, VISIT_STAGES } from "./visit.ts";

/** PUT /api/bookings/{id}/visit (issue 17). */
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
});

/** POST /api/bookings/{id}/notes. */
export const NoteCreateSchema = v.object({ text: text(MAX_NOTE_LENGTH, "Note") });

/** POST /api/bookings/{id}/photos?kind=before|after. */
export const PhotoQuerySchema = v.object({ kind: v.picklist(PHOTO_KINDS, "kind must be before or after") });
