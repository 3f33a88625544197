import { defineMessages, type MessageDescriptor } from "@contracts/i18n/messages.ts";
import type { PhotoKind, VisitStage } from "@contracts/visit/visit.ts";

/** A visit's stages as the technician's screens name them (VISIT_STAGE_LABELS in English). */
export const STAGE_MESSAGES: Record<VisitStage, MessageDescriptor> = defineMessages({
  scheduled: { id: "field.visit.stage.scheduled", defaultMessage: "Scheduled" },
  en_route: { id: "field.visit.stage.enRoute", defaultMessage: "On my way" },
  on_site: { id: "field.visit.stage.onSite", defaultMessage: "On site" },
  completed: { id: "field.visit.stage.completed", defaultMessage: "Completed" },
});

/** Before and after photos (PHOTO_KIND_LABELS in English). */
export const PHOTO_KIND_MESSAGES: Record<PhotoKind, MessageDescriptor> = defineMessages({
  before: { id: "field.visit.photo.before", defaultMessage: "Before" },
  after: { id: "field.visit.photo.after", defaultMessage: "After" },
});
