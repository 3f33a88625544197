import { defineMessages, type MessageDescriptor, type MessageValues } from "@contracts/i18n/messages.ts";
import { StorageWriteError } from "../../lib/offline-queue/storageWrite.ts";

/** A piece of work the device may fail to keep. */
export type KeptThing = "photo" | "signature" | "note" | "tick" | "step";

const quota = defineMessages({
  photo: { id: "field.storage.quota.photo", defaultMessage: "Not enough storage on this device to keep this photo." },
  signature: {
    id: "field.storage.quota.signature",
    defaultMessage: "Not enough storage on this device to keep this signature.",
  },
  note: { id: "field.storage.quota.note", defaultMessage: "Not enough storage on this device to keep this note." },
  tick: { id: "field.storage.quota.tick", defaultMessage: "Not enough storage on this device to keep this tick." },
  step: { id: "field.storage.quota.step", defaultMessage: "Not enough storage on this device to keep this step." },
});

const failed = defineMessages({
  photo: {
    id: "field.storage.failed.photo",
    defaultMessage: "This device could not keep this photo. Please try again.",
  },
  signature: {
    id: "field.storage.failed.signature",
    defaultMessage: "This device could not keep this signature. Please try again.",
  },
  note: { id: "field.storage.failed.note", defaultMessage: "This device could not keep this note. Please try again." },
  tick: { id: "field.storage.failed.tick", defaultMessage: "This device could not keep this tick. Please try again." },
  step: { id: "field.storage.failed.step", defaultMessage: "This device could not keep this step. Please try again." },
});

/**
 * What to tell the technician when the device could not keep a piece of work, or null when the failure was
 * something else. Nothing of it was kept or shown as saved; everything before it was. Whole sentences per thing: a
 * word put into a sentence does not agree with the Spanish around it (esta foto, esta nota, este paso).
 */
export function storageWords(
  error: unknown,
  thing: KeptThing,
  t: (message: MessageDescriptor, values?: MessageValues) => string,
): string | null {
  if (!(error instanceof StorageWriteError)) return null;
  return t(error.reason === "quota" ? quota[thing] : failed[thing]);
}
