import { letters } from "@contracts/common/letters.ts";
import { PHOTO_KIND_LABELS, VISIT_STAGE_LABELS } from "@contracts/visit/visit.ts";
import type { JobWork } from "./jobQueue.ts";

/** The text cut to `max` letters (letters()), "..." included. */
const shortened = (text: string, max: number): string => {
  const all = letters(text);
  return all.length > max ? `${all.slice(0, max - 3).join("")}...` : text;
};

/** How the waiting lists (the job screen's, the shell's) name a piece of work. */
export function workLabel(work: JobWork): string {
  switch (work.type) {
    case "stage":
      return VISIT_STAGE_LABELS[work.stage];
    case "note":
      return `Note: ${shortened(work.text, 60)}`;
    case "photo":
      return `${PHOTO_KIND_LABELS[work.kind]} photo`;
    case "signature":
      return "Signature";
    case "checklist":
      return `${work.done ? "Ticked" : "Unticked"}: ${work.label}`;
  }
}
