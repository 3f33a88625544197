import { letters } from "@contracts/common/letters.ts";
import { defineMessages, type MessageDescriptor, type MessageValues } from "@contracts/i18n/messages.ts";
import { PHOTO_KIND_MESSAGES, STAGE_MESSAGES } from "../../components/visit/visitMessages.ts";
import type { JobWork } from "./jobQueue.ts";

type Translate = (message: MessageDescriptor, values?: MessageValues) => string;

const messages = defineMessages({
  note: { id: "field.work.note", defaultMessage: "Note: {text}" },
  photo: { id: "field.work.photo", defaultMessage: "{kind} photo" },
  signature: { id: "field.work.signature", defaultMessage: "Signature" },
  ticked: { id: "field.work.ticked", defaultMessage: "Ticked: {item}" },
  unticked: { id: "field.work.unticked", defaultMessage: "Unticked: {item}" },
});

/** The text cut to `max` letters (letters()), "..." included. */
const shortened = (text: string, max: number): string => {
  const all = letters(text);
  return all.length > max ? `${all.slice(0, max - 3).join("")}...` : text;
};

/** How the waiting lists (the job screen's, the shell's) name a piece of work, in the technician's language. */
export function workLabel(work: JobWork, t: Translate): string {
  switch (work.type) {
    case "stage":
      return t(STAGE_MESSAGES[work.stage]);
    case "note":
      return t(messages.note, { text: shortened(work.text, 60) });
    case "photo":
      return t(messages.photo, { kind: t(PHOTO_KIND_MESSAGES[work.kind]) });
    case "signature":
      return t(messages.signature);
    case "checklist":
      return t(work.done ? messages.ticked : messages.unticked, { item: work.label });
  }
}
